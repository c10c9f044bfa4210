import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import Model

RULES = (("batch", "data"), ("vocab", "model"), ("mlp", "model"), ("embed", None))

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
model = Model(vocab=1024, d_model=128, d_ff=512, depth=2)
tx = optax.adamw(1e-3, weight_decay=0.01)
tokens = jnp.zeros((16, 64), jnp.int32)


def init_fn(rng):
  params = model.init(rng, tokens[:1])["params"]
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


with mesh, nn.logical_axis_rules(RULES):
  abstract = jax.eval_shape(init_fn, jax.random.PRNGKey(0))
  logical_specs = nn.get_partition_spec(abstract)
  state_sharding = nn.logical_to_mesh_sharding(logical_specs, mesh, RULES)
  batch_sharding = NamedSharding(mesh, P("data", None))

  state = jax.jit(init_fn, out_shardings=state_sharding).trace(
      jax.random.PRNGKey(0)).lower(lowering_platforms=("cuda",))

  @functools.partial(jax.jit, in_shardings=(state_sharding, batch_sharding),
                     out_shardings=(state_sharding, None), donate_argnums=0)
  def train_step(state, tokens):
    def loss_fn(params):
      logits = state.apply_fn({"params": params}, tokens[:, :-1])
      return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads), loss

  train_step.trace(abstract, tokens).lower(lowering_platforms=("cuda",))
