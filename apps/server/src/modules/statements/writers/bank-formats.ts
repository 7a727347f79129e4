import { wibDate } from '@gerbang/shared';
import {
  CAMT053_TAIL,
  camt053Head,
  camtEntry,
  mt940Head,
  mt940Movement,
  mt940Tail,
  type StatementMovement,
} from '../../../rails/simulator/statement-files';
import { textFileWriter } from './text-file';
import type { OpenWriter, WrittenLine } from './types';

/**
 * MT940 and camt.053 through the same writers the simulator bank uses (one definition of each
 * format): the reference is the ledger's business id, the bank reference the entry id, the
 * description the line type and its words.
 */
function movementOf(line: WrittenLine): StatementMovement {
  return {
    bookedOn: wibDate(line.at),
    amount: line.amount,
    reference: line.reference,
    bankReference: `E${line.id}`,
    description: `${line.type} ${line.description}`,
  };
}

export const openMt940: OpenWriter = (path, h) =>
  textFileWriter(
    path,
    `${mt940Head(h.statementId, h.account, h.from, h.totals.opening)}\r\n`,
    (line) => `${mt940Movement(movementOf(line))}\r\n`,
    () => mt940Tail(h.to, h.totals.closing),
  );

export const openCamt053: OpenWriter = (path, h) =>
  textFileWriter(
    path,
    `${camt053Head({
      statementId: h.statementId,
      account: h.account,
      openedOn: h.from,
      closedOn: h.to,
      opening: h.totals.opening,
      closing: h.totals.closing,
      credits: h.totals.credits,
      debits: h.totals.debits,
      createdAt: h.createdAt,
    })}\n`,
    (line) => `${camtEntry(movementOf(line))}\n`,
    () => CAMT053_TAIL,
  );
