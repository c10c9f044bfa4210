import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ops import exchange


def main():
  mesh = Mesh(np.array(jax.devices()), ('x',))
  shard = NamedSharding(mesh, P('x'))
  rep = NamedSharding(mesh, P())
  f = jax.jit(exchange, in_shardings=(shard, rep), out_shardings=shard)
  x = jnp.ones((32, 128), jnp.float32)
  peer = jnp.array([1], jnp.int32)
  f.trace(x, peer).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
