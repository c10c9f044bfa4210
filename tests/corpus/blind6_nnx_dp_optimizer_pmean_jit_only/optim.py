"""Optimizer with cross-replica gradient averaging built in, so train steps stay framework-generic."""
import jax
import optax


def sync_across_replicas(axis_name: str) -> optax.GradientTransformation:
  def init_fn(params):
    del params
    return optax.EmptyState()

  def update_fn(updates, state, params=None):
    del params
    return jax.lax.pmean(updates, axis_name=axis_name), state

  return optax.GradientTransformation(init_fn, update_fn)


def make_optimizer(lr: float, axis_name: str):
  return optax.chain(sync_across_replicas(axis_name), optax.clip_by_global_norm(1.0),
                     optax.adamw(lr))
