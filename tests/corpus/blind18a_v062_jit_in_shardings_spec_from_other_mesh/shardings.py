from jax.sharding import NamedSharding, PartitionSpec as P

TABLE = {
    'params': P(),
    'batch': P(('replica', 'data')),
}


def shardings_for(mesh, *names):
  return tuple(NamedSharding(mesh, TABLE[n]) for n in names)
