"""Linen transformer-MLP with logical axis annotations, trained via jit + shardings."""
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

LOGICAL_RULES = (
    ("batch", "data"),
    ("embed", None),
    ("mlp", "model"),
    ("vocab", "model"),
)


class MlpBlock(nn.Module):
  d_ff: int

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    h = nn.Dense(self.d_ff, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(),
                                                          ("embed", "mlp")))(x)
    h = nn.with_logical_constraint(nn.gelu(h), ("batch", None, "mlp"))
    return nn.Dense(d, use_bias=False,
                    kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(),
                                                             ("mlp", "embed")))(h)


class LM(nn.Module):
  vocab: int = 256
  d_model: int = 64
  n_layers: int = 2

  @nn.compact
  def __call__(self, tokens):
    emb = self.param("embedding",
                     nn.with_logical_partitioning(nn.initializers.normal(0.02), ("vocab", "embed")),
                     (self.vocab, self.d_model))
    x = emb[tokens]
    for _ in range(self.n_layers):
      x = x + MlpBlock(4 * self.d_model)(nn.LayerNorm()(x))
    return x @ emb.T


def create_state(rng, model, tx, tokens):
  params = model.init(rng, tokens)["params"]
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


def train_step(state, tokens):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


if __name__ == "__main__":
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
  model = LM()
  tx = optax.adam(1e-3)
  tokens = jnp.zeros((8, 33), jnp.int32)
  with mesh, nn.logical_axis_rules(LOGICAL_RULES):
    abstract = jax.eval_shape(functools.partial(create_state, model=model, tx=tx),
                              jax.random.key(0), tokens=tokens)
    logical_specs = nn.get_partition_spec(abstract)
    state_sharding = nn.logical_to_mesh_sharding(logical_specs, mesh, LOGICAL_RULES)
    data_sharding = NamedSharding(mesh, P("data", None))
    step = jax.jit(train_step, in_shardings=(state_sharding, data_sharding),
                   out_shardings=(state_sharding, NamedSharding(mesh, P())),
                   donate_argnums=0)
    step.trace(abstract, tokens).lower(lowering_platforms=("cuda",))
