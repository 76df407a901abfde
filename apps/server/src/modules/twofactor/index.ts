/** The twofactor module's entry: what the sign-in path uses of it (docs/decisions/0033, 0050). */
export { answerChallenge, challengeOwner, openChallenge, twoFactorOn } from './service';
