import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as PS

from model import shifted_block
from ops import DATA, MODEL

devices = np.array(jax.devices()).reshape(2, 2)
mesh = Mesh(devices, (DATA, MODEL))

fwd = jax.jit(
    jax.shard_map(
        shifted_block,
        mesh=mesh,
        in_specs=(PS(DATA, MODEL), PS()),
        out_specs=PS(DATA, MODEL),
        check_vma=False,
    ))

x = jax.ShapeDtypeStruct((16, 512), jnp.float32)
scale = jax.ShapeDtypeStruct((), jnp.float32)
fwd.trace(x, scale).lower(lowering_platforms=("tpu",))
