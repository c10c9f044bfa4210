"""LoRA fine-tuning of a tensor-parallel MLP with nnx.LoRALinear, nnx.split/merge inside jax.shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class LoRAMlp(nnx.Module):
  def __init__(self, d_model, d_ff, rank, *, rngs):
    self.up = nnx.LoRALinear(d_model, d_ff, lora_rank=rank, use_bias=False, rngs=rngs)    # column-parallel
    self.down = nnx.LoRALinear(d_ff, d_model, lora_rank=rank, use_bias=False, rngs=rngs)  # row-parallel

  def __call__(self, x):
    h = jax.nn.gelu(self.up(x))
    return self.down(h)


MEGATRON_SPECS = {
    "up/kernel": P(None, "model"),
    "up/lora/lora_b": P(None, "model"),
    "down/kernel": P("model", None),
    "down/lora/lora_a": P("model", None),
}


def spec_tree(state):
  def spec(path, _):
    name = "/".join(str(getattr(k, "key", k)) for k in path)
    return next((s for k, s in MEGATRON_SPECS.items() if name.startswith(k)), P())
  return jax.tree_util.tree_map_with_path(spec, state)


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
  model = nnx.eval_shape(lambda: LoRAMlp(512, 2048, 16, rngs=nnx.Rngs(0)))
  graphdef, lora_state, frozen_state = nnx.split(model, nnx.LoRAParam, ...)

  def forward(lora_state, frozen_state, x):
    return nnx.merge(graphdef, lora_state, frozen_state)(x)

  sharded_forward = jax.shard_map(
      forward, mesh=mesh,
      in_specs=(spec_tree(lora_state), spec_tree(frozen_state), P("data")),
      out_specs=P("data"))

  @jax.jit
  def lora_grads(lora_state, frozen_state, x, y):
    loss_fn = lambda lora: jnp.mean(optax.l2_loss(sharded_forward(lora, frozen_state, x), y))
    return jax.value_and_grad(loss_fn)(lora_state)

  x = jax.ShapeDtypeStruct((16, 512), jnp.float32, sharding=NamedSharding(mesh, P("data")))
  lowered = lora_grads.trace(lora_state, frozen_state, x, x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
