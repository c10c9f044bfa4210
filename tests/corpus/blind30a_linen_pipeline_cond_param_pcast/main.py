import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ("stage",), axis_types=(AxisType.Auto,))


class PipelineInput(nn.Module):
    """First stage feeds a learned start state, later stages their incoming activations."""
    dim: int

    @nn.compact
    def __call__(self, incoming):
        start = self.param("start", nn.initializers.normal(0.02), incoming.shape)
        start = lax.pcast(start, "stage", to="varying")
        is_first = lax.axis_index("stage") == 0
        return lax.cond(is_first, lambda: start, lambda: incoming)


layer = PipelineInput(dim=32)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("stage")),
                   out_specs=P("stage"))
def stage_input(params, incoming):
    return layer.apply({"params": params}, incoming)


if __name__ == "__main__":
    params = {"start": jnp.zeros((2, 32))}
    incoming = jnp.ones((8, 32))
    print(stage_input.trace(params, incoming).lower(lowering_platforms=("cuda",)).as_text()[:20])
