import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from kernels import make_right_permute

num_devices = len(jax.devices())
mesh = Mesh(np.array(jax.devices()), ('x',))
partition = P(None, 'x')
sharding = NamedSharding(mesh, partition)

right_permute = make_right_permute((8, 128), jnp.float32, 'x', num_devices)

pallas_permute = jax.jit(
    jax.shard_map(
        right_permute,
        mesh=mesh,
        in_specs=partition,
        out_specs=partition,
        check_vma=False,
    )
)

if __name__ == '__main__':
  input_arr = jax.ShapeDtypeStruct((8, 128 * num_devices), jnp.float32, sharding=sharding)
  pallas_permute.trace(input_arr).lower(lowering_platforms=('tpu',))
