import BentoKit

// No Foundation here: loading it costs milliseconds on every run, which is
// most of the time bento takes on small screens (README, Performance).

System.growHeapInLargeSteps()
System.ignoreBrokenPipes()
System.occupyClosedDescriptors()
let terminal = Terminal(environment: System.environment(), isTerminal: System.isTerminal(1))
let outcome = Tool.run(System.arguments().map(Argument.init(bytes:)), terminal: terminal)
// What the command made is freed by the exit, all at once.
withExtendedLifetime(outcome.kept) { System.exit(outcome.status) }
