import {
  AcceptanceDecisionRequest,
  AcceptancePanelResponse,
  AcceptanceReviewRequest,
  AcceptanceTermsRequest,
  AcceptanceVoteRequest,
  BuyerTitleResponse,
  CommissionRequest,
  ContractAcceptanceResponse,
  VoteTextResponse,
} from '../acceptance';
import { IdParams } from '../common';
import { SignatureBody } from '../signatures';
import { defineRoutes } from '../http';

/** The text a commission member signs: the vote without its signature or scan. */
export const AcceptanceVoteTextRequest = AcceptanceVoteRequest.omit({ signature: true, scan: true });

/** The HTTP routes of acceptance (paths under /api). */
export const acceptanceRoutes = defineRoutes({
  getById: { method: 'GET', path: '/acceptance/:id', params: IdParams, response: { 200: AcceptancePanelResponse } },
  postReview: {
    method: 'POST',
    path: '/acceptance/:id/review',
    params: IdParams,
    body: AcceptanceReviewRequest,
    response: { 200: AcceptancePanelResponse },
  },
  postVotesText: {
    method: 'POST',
    path: '/acceptance/:id/votes/text',
    params: IdParams,
    body: AcceptanceVoteTextRequest,
    response: { 200: VoteTextResponse },
  },
  postVotes: {
    method: 'POST',
    path: '/acceptance/:id/votes',
    params: IdParams,
    body: AcceptanceVoteRequest,
    response: { 200: AcceptancePanelResponse },
  },
  postDecision: {
    method: 'POST',
    path: '/acceptance/:id/decision',
    params: IdParams,
    body: AcceptanceDecisionRequest,
    response: { 200: AcceptancePanelResponse },
  },
  getAct: { method: 'GET', path: '/acceptance/:id/act', params: IdParams },
  postBuyerTitle: { method: 'POST', path: '/acceptance/:id/buyer-title', params: IdParams, response: { 200: BuyerTitleResponse } },
  postBuyerTitleSignature: {
    method: 'POST',
    path: '/acceptance/:id/buyer-title/signature',
    params: IdParams,
    body: SignatureBody,
    response: { 200: AcceptancePanelResponse },
  },
  getBuyerTitle: { method: 'GET', path: '/acceptance/:id/buyer-title', params: IdParams },
  getBuyerTitleSig: { method: 'GET', path: '/acceptance/:id/buyer-title/sig', params: IdParams },
  getContractsSettings: {
    method: 'GET',
    path: '/contracts/:id/acceptance-settings',
    params: IdParams,
    response: { 200: ContractAcceptanceResponse },
  },
  putContractsCommission: {
    method: 'PUT',
    path: '/contracts/:id/acceptance-commission',
    params: IdParams,
    body: CommissionRequest,
    response: { 200: ContractAcceptanceResponse },
  },
  putContractsTerms: {
    method: 'PUT',
    path: '/contracts/:id/acceptance-terms',
    params: IdParams,
    body: AcceptanceTermsRequest,
    response: { 200: ContractAcceptanceResponse },
  },
});
