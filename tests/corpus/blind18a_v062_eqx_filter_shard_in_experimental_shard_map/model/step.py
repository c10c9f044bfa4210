import equinox as eqx
import jax
import jax.numpy as jnp


def loss_and_grads(model, x, y, batch_sharding, replicated):
  model = eqx.filter_shard(model, replicated)
  x, y = eqx.filter_shard((x, y), batch_sharding)
  return eqx.filter_value_and_grad(
      lambda m: jnp.mean((jax.vmap(m)(x) - y) ** 2))(model)
