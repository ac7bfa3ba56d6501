// What other features use of the dues: the credit limit's words (the partner form).
export { dueTexts } from './texts';
