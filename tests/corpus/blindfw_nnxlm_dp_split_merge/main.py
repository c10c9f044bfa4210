"""lm1b-style data-parallel training in NNX, functional style: model and optimizer are split
once, their state passes through jax.shard_map as an argument and is merged inside."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from models import TransformerConfig, TransformerLM
from train import make_train_step

mesh = Mesh(jax.devices(), ('data',))
config = TransformerConfig()
model = TransformerLM(config, rngs=nnx.Rngs(0))
schedule = optax.warmup_cosine_decay_schedule(0.0, 1e-3, 100, 1000)
optimizer = nnx.Optimizer(model, optax.adamw(schedule, weight_decay=0.1), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))

train_step = jax.jit(
    jax.shard_map(make_train_step(graphdef, 'data'), mesh=mesh,
                  in_specs=(P(), P('data')), out_specs=(P(), P())),
    donate_argnums=0)

batch = {'inputs': jnp.ones((8, 16), jnp.int32), 'targets': jnp.ones((8, 16), jnp.int32)}
train_step.trace(state, batch).lower(lowering_platforms=("cuda",))
