"""What the server tells its operators: JSON log lines with request ids, Prometheus metrics."""
