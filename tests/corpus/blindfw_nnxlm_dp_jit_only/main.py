"""lm1b-style data-parallel training in NNX, functional style: model and optimizer are split
once and the step is jitted with the batch sharded over `data` (GSPMD, no shard_map)."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from models import TransformerConfig, TransformerLM
from train import make_train_step

mesh = Mesh(jax.devices(), ('data',))
config = TransformerConfig()
model = TransformerLM(config, rngs=nnx.Rngs(0))
schedule = optax.warmup_cosine_decay_schedule(0.0, 1e-3, 100, 1000)
optimizer = nnx.Optimizer(model, optax.adamw(schedule, weight_decay=0.1), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))

train_step = jax.jit(make_train_step(graphdef, 'data'), donate_argnums=0)

data = NamedSharding(mesh, P('data'))
batch = {'inputs': jax.device_put(jnp.ones((8, 16), jnp.int32), data),
         'targets': jax.device_put(jnp.ones((8, 16), jnp.int32), data)}
train_step.trace(state, batch).lower(lowering_platforms=("cuda",))
