import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from .rules import apply_rules


def make_train_step(cfg, mesh, static):
  optim = optax.adam(cfg.lr)
  batch_sh = NamedSharding(mesh, P("data"))

  def train_step(params, opt_state, tokens, labels):
    tokens, labels = eqx.filter_shard((tokens, labels), batch_sh)

    def loss_fn(params):
      model = eqx.combine(params, static)
      logits = jax.vmap(model)(tokens)
      return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = optim.update(grads, opt_state)
    params = eqx.apply_updates(params, updates)
    params = eqx.filter_shard(
        params, jax.tree.map(lambda s: NamedSharding(mesh, s), apply_rules(params)))
    return params, opt_state, loss

  return jax.jit(train_step, donate_argnums=(0, 1)), optim
