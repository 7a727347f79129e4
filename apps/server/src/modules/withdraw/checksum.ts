import { bindingChecksum } from '../../platform/binding';

export interface ChecksumFields {
  idTransaksi: string;
  agentId: number;
  environment: string;
  kind: string;
  railCode: string;
  accountType: string;
  accountNumber: string;
  accountName: string;
  amount: number;
  adminFee: number;
  uuidUser: string;
  expiresAt: Date;
}

/** Binds every field the payment relies on; the payment recomputes it from the stored inquiry. */
export function inquiryChecksum(secret: string, f: ChecksumFields): string {
  return bindingChecksum(secret, 'withdraw-inquiry-v1', [
    f.idTransaksi,
    f.agentId,
    f.environment,
    f.kind,
    f.railCode,
    f.accountType,
    f.accountNumber,
    f.accountName,
    f.amount,
    f.adminFee,
    f.uuidUser,
    f.expiresAt.toISOString(),
  ]);
}
