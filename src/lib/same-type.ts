// Compile-time equality of two types: `const check: Same<A, B> = true` compiles only when A and B
// are the same. Used where two modules keep their own copy of a contract (src/db and sync/ do not
// import each other) and a third checks that the copies agree.
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
