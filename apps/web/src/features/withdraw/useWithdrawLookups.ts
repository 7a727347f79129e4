import type {
  BankListItem,
  FavouriteDestination,
  ProductListItem,
} from '@gerbang/shared/contract/withdraw';
import { WITHDRAW_LIMITS } from '@gerbang/shared/contract/withdraw';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import { useLoggedIn } from '../../lib/session';

const STATIC = { staleTime: 10 * 60_000 } as const;

/** The withdraw page's lookups (spec 02 §7): banks, e-wallets, retail and saved destinations. */
export function useWithdrawLookups() {
  const session = useLoggedIn();
  const banks = useQuery({
    queryKey: ['withdraw', 'banks'],
    queryFn: () =>
      unwrap(api.get<BankListItem[]>('/transaction/list_bank', undefined, { silent: true })),
    ...STATIC,
  });
  const ewallets = useQuery({
    queryKey: ['withdraw', 'ewallets'],
    queryFn: () =>
      unwrap(api.get<ProductListItem[]>('/data/ewallet_list_web', undefined, { silent: true })),
    ...STATIC,
  });
  const retail = useQuery({
    queryKey: ['withdraw', 'retail'],
    queryFn: () =>
      unwrap(api.get<ProductListItem[]>('/data/retail_list_web', undefined, { silent: true })),
    ...STATIC,
  });
  const favourites = useQuery({
    queryKey: ['withdraw', 'favourites', session.agent.id_agen, session.environment],
    queryFn: () =>
      unwrap(
        api.get<FavouriteDestination[]>(
          '/data/transaction_destination_stored_mobile',
          { email: session.user.username, offset: 0, limit: WITHDRAW_LIMITS.favouritesOnWithdraw },
          { silent: true },
        ),
      ),
  });
  return {
    banks: banks.data ?? [],
    ewallets: ewallets.data ?? [],
    retail: retail.data ?? [],
    favourites: favourites.data ?? [],
  };
}
