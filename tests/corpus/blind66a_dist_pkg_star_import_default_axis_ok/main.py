import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from dist import AXIS
from train import init_params, make_train_step

# name the mesh axis after the one the dist helpers reduce over
mesh = jax.make_mesh((4,), (AXIS,), axis_types=(AxisType.Auto,))

params = init_params(jax.random.key(0), 32, 64, 10)
train_step = make_train_step(lr=0.05)

step = jax.jit(
    jax.shard_map(
        train_step,
        mesh=mesh,
        in_specs=(P(), P(AXIS), P(AXIS), P()),
        out_specs=(P(), P()),
    ))

x = jax.ShapeDtypeStruct((128, 32), jnp.float32)
y = jax.ShapeDtypeStruct((128, 10), jnp.float32)
step.trace(params, x, y, jax.random.key(1)).lower(lowering_platforms=("tpu",))
