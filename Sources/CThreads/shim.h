#include <pthread.h>
#include <sched.h>

// glibc declares these only with _GNU_SOURCE, which Swift's Glibc module is built without.
extern int sched_getcpu(void);
extern int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set);
extern int pthread_attr_setaffinity_np(pthread_attr_t *attributes, size_t size, const cpu_set_t *set);

/// Starts `body(argument)` on a new joinable thread kept off the caller's core: Linux puts
/// a new thread on its parent's core, where it waited until the parent blocked in half of
/// the sessions measured (docs/performance.md). Returns 0 when started, -1 when the process may
/// use one core only (not started: there is nothing to run beside), or pthread_create's
/// error.
static inline int tally_start_thread_beside(pthread_t *thread, void *(*body)(void *), void *argument) {
  int here = sched_getcpu();
  cpu_set_t elsewhere;
  if (here < 0 || sched_getaffinity(0, sizeof elsewhere, &elsewhere) != 0) return -1;
  __CPU_CLR_S(here, sizeof elsewhere, &elsewhere);
  if (__CPU_COUNT_S(sizeof elsewhere, &elsewhere) == 0) return -1;
  pthread_attr_t attributes;
  int result = pthread_attr_init(&attributes);
  if (result != 0) return result;
  pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere);
  result = pthread_create(thread, &attributes, body, argument);
  pthread_attr_destroy(&attributes);
  return result;
}
