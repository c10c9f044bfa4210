"""Data-parallel NNX training through a Trainer object whose jitted step is stored as an
attribute, with shard_map turned off to let GSPMD shard the batch instead."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from trainer import Trainer

mesh = Mesh(jax.devices(), ('data',))
model = nnx.Sequential(nnx.Linear(20, 64, rngs=nnx.Rngs(0)), nnx.relu,
                       nnx.Linear(64, 5, rngs=nnx.Rngs(1)))
trainer = Trainer(model, optax.adamw(3e-4), mesh, use_shard_map=False)
data = NamedSharding(mesh, P('data'))
batch = jax.device_put({'x': jnp.ones((32, 20)), 'y': jnp.zeros((32,), jnp.int32)}, data)
trainer.lower_step(batch, "cuda")
