import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)


class ExpertMLP(nnx.Module):
    def __init__(self, d, rngs):
        self.up = nnx.Linear(d, 4 * d, rngs=rngs)
        self.down = nnx.Linear(4 * d, d, rngs=rngs)

    def __call__(self, x):
        scaled = jax.shard_map(lambda x: x * 2.0, in_specs=P(None, "model"),
                               out_specs=P(None, "model"))(x)
        return self.down(nnx.relu(self.up(scaled)))


def forward(model, x):
    graphdef, state = nnx.split(model)

    def per_shard(state, x):
        return nnx.merge(graphdef, state)(x)

    return jax.shard_map(per_shard, in_specs=(P(), P("data", None)),
                         out_specs=P("data", None), check_vma=False,
                         axis_names=frozenset({"data"}))(state, x)


if __name__ == "__main__":
    model = ExpertMLP(8, nnx.Rngs(0))
    x = jnp.ones((4, 8))
    with jax.set_mesh(mesh):
        lowered = nnx.jit(forward).trace(model, x).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:20])
