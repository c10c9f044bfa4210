import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from moe import EXPERT_AXIS, MoELayer

NUM_EXPERTS = 6  # small config: 6 experts, run on a 4-chip slice
D_MODEL, D_FF = 128, 512
TOKENS = 4 * 64


def main():
  mesh = Mesh(np.array(jax.devices()), (EXPERT_AXIS,))
  abstract_model = nnx.eval_shape(
      lambda: MoELayer(NUM_EXPERTS, D_MODEL, D_FF, capacity=32, rngs=nnx.Rngs(0)))
  graphdef, state = nnx.split(abstract_model)

  model_spec = nnx.StateSharding({
      nnx.PathContains("experts"): P(EXPERT_AXIS),
      ...: P(),
  })

  @nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(EXPERT_AXIS)), out_specs=P(EXPERT_AXIS))
  def moe_forward(model, tokens):
    return model(tokens)

  def forward(state, tokens):
    model = nnx.merge(graphdef, state)
    return moe_forward(model, tokens)

  tokens = jax.ShapeDtypeStruct((TOKENS, D_MODEL), jnp.float32,
                                sharding=NamedSharding(mesh, P(EXPERT_AXIS)))
  lowered = jax.jit(forward).trace(state, tokens).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
