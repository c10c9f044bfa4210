import dataclasses

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from lm.model import LM


@dataclasses.dataclass(frozen=True)
class Config:
  mesh_shape: tuple = (4,)
  mesh_axes: tuple = ("batch",)
  vocab: int = 512
  d_model: int = 64
  num_layers: int = 6
  batch: int = 8
  seq: int = 32


cfg = Config()
mesh = Mesh(mesh_utils.create_device_mesh(cfg.mesh_shape), cfg.mesh_axes)
data_sharding = NamedSharding(mesh, P(cfg.mesh_axes[0]))
replicated = NamedSharding(mesh, P())

model = LM(cfg.vocab, cfg.d_model, cfg.num_layers, jax.random.key(0))
optim = optax.adamw(3e-4)
opt_state = optim.init(eqx.filter(model, eqx.is_array))


@eqx.filter_jit
def train_step(model, opt_state, tokens):
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  tokens = eqx.filter_shard(tokens, data_sharding)

  def loss_fn(model):
    logits = model(tokens[:, :-1], activation_sharding=data_sharding)
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

  loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  return model, opt_state, loss


tokens = jnp.zeros((cfg.batch, cfg.seq), jnp.int32)
dyn, static = eqx.partition((model, opt_state), eqx.is_array)


def step_arrays(dyn, tokens):
  m, o = eqx.combine(dyn, static)
  m, o, loss = train_step(m, o, tokens)
  return eqx.filter((m, o), eqx.is_array), loss


print(jax.jit(step_arrays).trace(dyn, tokens).lower(lowering_platforms=("cuda",)).as_text()[:20])
