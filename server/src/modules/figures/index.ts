export {
  contractFigures,
  countsAsDelivered,
  documentIdentity,
  documentInForce,
  figureShares,
  share,
  type ContractFigures,
  type ContractPayment,
  type DeliveryDocument,
} from './contract-figures';
