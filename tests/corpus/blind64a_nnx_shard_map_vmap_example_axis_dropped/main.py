import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

from model import DATA_AXIS, Encoder
import train

mesh = jax.make_mesh((len(jax.devices()),), (DATA_AXIS,), axis_types=(AxisType.Auto,))

model = Encoder(64, 256, 8, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(3e-4), wrt=nnx.Param)

step = nnx.jit(nnx.shard_map(
    train.train_step, mesh=mesh,
    in_specs=(P(), P(), P(DATA_AXIS), P(DATA_AXIS)), out_specs=P(), check_vma=False))

x = jax.ShapeDtypeStruct((128, 64), jnp.float32)
y = jax.ShapeDtypeStruct((128, 8), jnp.float32)
step.trace(model, optimizer, x, y).lower(lowering_platforms=("tpu",))
