import Glibc
import PizzaApp

exit(MainActor.assumeIsolated { startPizzaSplit() })
