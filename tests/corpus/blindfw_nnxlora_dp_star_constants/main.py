"""Data-parallel LoRA fine-tuning of an NNX MLP: nnx.split by filter into adapters and frozen
weights, the step under jax.shard_map over the job's data axis (names from constants.py)."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from constants import *
from finetune import make_step


class LoRAMLP(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.fc1 = nnx.LoRALinear(32, 128, lora_rank=LORA_RANK, rngs=rngs)
    self.fc2 = nnx.LoRALinear(128, 8, lora_rank=LORA_RANK, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.silu(self.fc1(x)))


mesh = Mesh(jax.devices(), (DP_AXIS,))
graphdef, lora_params, frozen = nnx.split(LoRAMLP(nnx.Rngs(0)), nnx.LoRAParam, ...)
tx = optax.adamw(1e-3)
opt_state = tx.init(lora_params)
step = jax.jit(jax.shard_map(make_step(graphdef, tx), mesh=mesh,
                             in_specs=(P(), P(), P(), P(DP_AXIS)), out_specs=(P(), P(), P())))
batch = {'x': jnp.ones((16, 32)), 'y': jnp.zeros((16, 8))}
step.trace(lora_params, frozen, opt_state, batch).lower(lowering_platforms=("cuda",))
