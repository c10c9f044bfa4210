import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers import HaloMixer


def main():
  mesh = Mesh(np.array(jax.devices()), ('seq',))
  layer = HaloMixer(features=128)
  x = jax.ShapeDtypeStruct((4 * 256, 128), jnp.float32, sharding=NamedSharding(mesh, P('seq', None)))
  params = jax.eval_shape(layer.init, jax.random.key(0), jnp.zeros((256, 128)))
  # rely on the input sharding to split the sequence across devices
  fwd = jax.jit(layer.apply)
  fwd.trace(params, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
