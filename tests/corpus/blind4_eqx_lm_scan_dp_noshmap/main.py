"""A small decoder-only LM in Equinox, trained with compiler-partitioned data parallelism:
the batch is device_put with a NamedSharding and the model is replicated."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from lm import LM, LMConfig, make_train_step

cfg = LMConfig()
mesh = Mesh(jax.devices(), (cfg.data_axis,))
batch_sharding = NamedSharding(mesh, P(cfg.data_axis))
replicated = NamedSharding(mesh, P())

model = eqx.filter_shard(LM(cfg, key=jax.random.PRNGKey(0)), replicated)
optim = optax.adamw(3e-4)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
train_step = make_train_step(optim, cfg.data_axis)

tokens = jax.device_put(jnp.zeros((8, cfg.seq_len), jnp.int32), batch_sharding)
targets = jax.device_put(jnp.zeros((8, cfg.seq_len), jnp.int32), batch_sharding)

train_step.lower(model, opt_state, tokens, targets)
