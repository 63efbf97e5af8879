/* Extended attributes (and so ACLs), which Swift's Glibc module leaves out: PizzaModel keeps them through a save. */
#include <sys/xattr.h>
