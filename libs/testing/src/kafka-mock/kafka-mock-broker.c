/*
 * A Kafka-protocol broker for tests: librdkafka's mock cluster in a process of its own.
 * Usage: kafka-mock-broker <brokers> <partitions> [topic ...]
 * Prints the bootstrap address on one line, then serves until stdin closes or a signal
 * arrives, so a test that dies never leaves a broker behind. Topics are created here
 * because the mock does not create them through the admin API.
 * Commands on stdin, one a line, each answered "ok" or "error: ...":
 *   down <broker id>   the broker drops its connections and refuses new ones
 *   up <broker id>     it serves again
 *   fail <api key> <count> <error code>
 *                      the next <count> requests of that API (e.g. 8, OffsetCommit) answer the error
 *   clear <api key>    the errors still queued for that API are dropped: it answers again
 */
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stopping = 0;

static void on_signal(int sig) {
  (void)sig;
  stopping = 1;
}

int main(int argc, char **argv) {
  char errstr[512];
  if (argc < 3) {
    fprintf(stderr, "usage: %s <brokers> <partitions> [topic ...]\n", argv[0]);
    return 2;
  }
  int brokers = atoi(argv[1]);
  int partitions = atoi(argv[2]);
  if (brokers < 1 || partitions < 1) {
    fprintf(stderr, "brokers and partitions must be positive\n");
    return 2;
  }

  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  /* The handle only hosts the cluster; quiet its notice about having no bootstrap servers. */
  rd_kafka_conf_set(conf, "log_level", "3", errstr, sizeof(errstr));
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
  if (!rk) {
    fprintf(stderr, "rd_kafka_new: %s\n", errstr);
    return 1;
  }
  rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(rk, brokers);
  if (!cluster) {
    fprintf(stderr, "rd_kafka_mock_cluster_new failed\n");
    return 1;
  }
  for (int i = 3; i < argc; i++) {
    rd_kafka_resp_err_t err =
        rd_kafka_mock_topic_create(cluster, argv[i], partitions, brokers < 3 ? brokers : 3);
    if (err) {
      fprintf(stderr, "topic %s: %s\n", argv[i], rd_kafka_err2str(err));
      return 1;
    }
  }

  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);
  printf("%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
  fflush(stdout);

  char line[256];
  size_t used = 0;
  while (!stopping) {
    ssize_t n = read(STDIN_FILENO, line + used, sizeof(line) - 1 - used);
    if (n <= 0) break;
    used += (size_t)n;
    line[used] = '\0';
    char *end;
    while ((end = strchr(line, '\n')) != NULL) {
      *end = '\0';
      char command[16];
      int id, count, code;
      rd_kafka_resp_err_t err = RD_KAFKA_RESP_ERR_NO_ERROR;
      if (sscanf(line, "%15s %d %d %d", command, &id, &count, &code) == 4 && strcmp(command, "fail") == 0 && count > 0 &&
          count <= 1000000) {
        /* A count large enough to outlast a fault's duration, then `clear`, makes a timed fault. */
        rd_kafka_resp_err_t *errors = malloc(sizeof(*errors) * (size_t)count);
        if (!errors) {
          err = RD_KAFKA_RESP_ERR__FAIL;
        } else {
          for (int i = 0; i < count; i++) errors[i] = (rd_kafka_resp_err_t)code;
          rd_kafka_mock_push_request_errors_array(cluster, (int16_t)id, (size_t)count, errors);
          free(errors);
        }
      } else if (sscanf(line, "%15s %d", command, &id) == 2 && strcmp(command, "clear") == 0) {
        rd_kafka_mock_clear_request_errors(cluster, (int16_t)id);
      } else if (sscanf(line, "%15s %d", command, &id) == 2 && strcmp(command, "down") == 0) {
        err = rd_kafka_mock_broker_set_down(cluster, id);
      } else if (sscanf(line, "%15s %d", command, &id) == 2 && strcmp(command, "up") == 0) {
        err = rd_kafka_mock_broker_set_up(cluster, id);
      } else {
        err = RD_KAFKA_RESP_ERR__INVALID_ARG;
      }
      if (err) printf("error: %s\n", rd_kafka_err2str(err));
      else printf("ok\n");
      fflush(stdout);
      size_t consumed = (size_t)(end - line) + 1;
      memmove(line, end + 1, used - consumed + 1);
      used -= consumed;
    }
    if (used == sizeof(line) - 1) used = 0;
  }

  rd_kafka_mock_cluster_destroy(cluster);
  rd_kafka_destroy(rk);
  return 0;
}
