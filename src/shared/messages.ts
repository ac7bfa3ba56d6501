// Every text a user reads lives here. Quoted texts of the spec are kept letter for letter,
// misspellings included: they are the contract with the people who use the app.
export const messages = {
  notFound: 'Not Found',
  unexpectedError: 'Unexpected Application Error!',
  login: 'Login',
  dateLabel: 'Date : ',
} as const;
