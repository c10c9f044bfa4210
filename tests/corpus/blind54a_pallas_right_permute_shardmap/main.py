import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

from kernels import make_right_permute

num_devices = len(jax.devices())
mesh = Mesh(np.array(jax.devices()), ("x",))
sharding = NamedSharding(mesh, P(None, "x"))

right_permute = make_right_permute("x", num_devices)

pallas_permute = jax.jit(
    jax.shard_map(
        right_permute,
        mesh=mesh,
        in_specs=P(None, "x"),
        out_specs=P(None, "x"),
        check_vma=False,
    )
)

if __name__ == "__main__":
    x = jax.ShapeDtypeStruct((8, 128 * num_devices), jnp.float32, sharding=sharding)
    pallas_permute.trace(x).lower(lowering_platforms=("tpu",))
