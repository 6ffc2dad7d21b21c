import BentoJSON
import BentoKit

// No Foundation here: loading it would be most of the time bento takes on
// small screens.

// Under a limit on the address space, the heap grows as glibc grows it,
// and threads get smaller stacks: a large step, or an 8 MB stack, that
// cannot be mapped would end the run.
if !MemoryLimit.limitsAddressSpace {
    System.growHeapInLargeSteps()
} else {
    MemoryLimit.fitThreads()
}
System.ignoreBrokenPipes()
System.occupyClosedDescriptors()
let terminal = Terminal(isTerminal: System.isTerminal(1))
let outcome = Tool.run(System.arguments().map(Argument.init(bytes:)), terminal: terminal)
// What the command made is freed by the exit, all at once.
withExtendedLifetime(outcome.kept) { System.exit(outcome.status) }
