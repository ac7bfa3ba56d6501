// What other features use of the partners: the partner form (it loads with the other forms, in the books' lazy chunk).
export { PartnerForm } from './partner-form';
