import jax.numpy as jnp
from jax import lax


def compute_metrics(pred, target):
  mse = jnp.mean((pred - target) ** 2)
  mae = jnp.mean(jnp.abs(pred - target))
  metrics = {'mse': mse, 'mae': mae}
  metrics = lax.pmean(metrics, axis_name='batch')
  return metrics
