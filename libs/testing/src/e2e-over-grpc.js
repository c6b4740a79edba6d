// The standalone harness reads this to serve the services over gRPC instead of calling them in process.
process.env.E2E_TRANSPORT = 'grpc';
