import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from . import model
from .partitioning import PARTITION_RULES, match_partition_rules


def make_optimizer(config):
  return optax.adamw(config.learning_rate, weight_decay=config.weight_decay)


def make_train_step(config, mesh, params_shape):
  tx = make_optimizer(config)
  param_specs = match_partition_rules(PARTITION_RULES, params_shape)
  opt_shape = jax.eval_shape(tx.init, params_shape)
  opt_specs = optax.tree_map_params(tx, lambda _, spec: spec, opt_shape, param_specs,
                                    transform_non_params=lambda _: P())
  to_ns = lambda tree: jax.tree.map(lambda s: NamedSharding(mesh, s), tree)
  batch_sharding = NamedSharding(mesh, P("data", None))

  def train_step(params, opt_state, tokens):
    def loss_fn(p):
      logits = model.apply(config.model, p, tokens[:, :-1])
      labels = tokens[:, 1:]
      return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  return jax.jit(train_step,
                 in_shardings=(to_ns(param_specs), to_ns(opt_specs), batch_sharding),
                 out_shardings=(to_ns(param_specs), to_ns(opt_specs), NamedSharding(mesh, P())),
                 donate_argnums=(0, 1)), tx
