"""A data- and tensor-parallel train step whose collectives name logical axes, resolved through
the trainer's axis mapping."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from config import ResourceAxis, TrainerConfig

trainer = TrainerConfig()
# Multi-slice runs replicate over slices; the batch is split over replicas and data.
trainer.compute_axis_mapping[trainer.batch_axis] = ResourceAxis.REPLICA
mesh = trainer.device_mesh
batch = trainer.physical_axis(trainer.batch_axis)
mlp = trainer.physical_axis("mlp")


def loss_fn(params, x):
    h = jax.nn.relu(x @ params["up"])
    out = jax.lax.psum(h @ params["down"], mlp)
    return jnp.mean(out ** 2)


def train_step(params, x):
    loss, grads = jax.value_and_grad(loss_fn)(params, x)
    grads = jax.lax.pmean(grads, batch)
    return jax.tree.map(lambda p, g: p - 0.01 * g, params, grads), jax.lax.pmean(loss, batch)


specs = {"up": P(None, mlp), "down": P(mlp, None)}
step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(specs, P(batch)), out_specs=(specs, P())))
params = {"up": jax.ShapeDtypeStruct((64, 256), jnp.float32), "down": jax.ShapeDtypeStruct((256, 64), jnp.float32)}
x = jax.ShapeDtypeStruct((trainer.per_device_parallelism * jax.device_count(), 64), jnp.float32)
step.trace(params, x).lower(lowering_platforms=("cuda",))
