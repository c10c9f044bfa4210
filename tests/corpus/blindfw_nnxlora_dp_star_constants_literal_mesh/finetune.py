"""LoRA fine-tuning step: only the nnx.LoRAParam leaves are trained (optax, functionally); the
frozen base weights and the adapters are merged back into the module inside the step."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

from constants import *


def make_step(graphdef, tx):
  def step(lora_params, frozen, opt_state, batch):
    def loss_fn(lora_params):
      model = nnx.merge(graphdef, lora_params, frozen)
      return jnp.mean((model(batch['x']) - batch['y']) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(lora_params)
    grads = jax.lax.pmean(grads, DP_AXIS)
    updates, opt_state = tx.update(grads, opt_state, lora_params)
    lora_params = optax.apply_updates(lora_params, updates)
    return lora_params, opt_state, jax.lax.pmean(loss, DP_AXIS)
  return step
