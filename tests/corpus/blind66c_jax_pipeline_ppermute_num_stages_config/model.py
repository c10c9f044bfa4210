import jax
import jax.numpy as jnp


def init_layers(key, num_layers, d_model):
  keys = jax.random.split(key, num_layers)
  w = jax.vmap(lambda k: jax.random.normal(k, (d_model, d_model)) / jnp.sqrt(d_model))(keys)
  return {"w": w, "b": jnp.zeros((num_layers, d_model))}


def layer(p, x):
  return x + jnp.tanh(x @ p["w"] + p["b"])


def stage_fn(stage_params, x):
  """Applies this stage's [layers_per_stage] slice of the stacked layers."""
  def body(h, p):
    return layer(p, h), None
  h, _ = jax.lax.scan(body, x, stage_params)
  return h
