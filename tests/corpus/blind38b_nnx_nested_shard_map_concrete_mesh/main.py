import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

MESH = jax.make_mesh((2, 2), ("data", "tensor"), axis_types=(AxisType.Auto, AxisType.Auto))


def tp_mlp(w1, w2, x):
    h = jax.nn.relu(x @ w1)
    return jax.lax.psum(h @ w2, "tensor")


tp_mlp_sharded = jax.shard_map(
    tp_mlp, mesh=MESH, in_specs=(P(None, "tensor"), P("tensor", None), P()), out_specs=P()
)


class Model(nnx.Module):
    def __init__(self, d, h, *, rngs):
        self.w1 = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (d, h)))
        self.w2 = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (h, d)))

    def __call__(self, x):
        return tp_mlp_sharded(self.w1[...], self.w2[...], x)


def main():
    model = Model(16, 64, rngs=nnx.Rngs(0))
    graphdef, state = nnx.split(model)

    def loss(state, x):
        m = nnx.merge(graphdef, state)
        return jax.lax.pmean(jnp.mean(m(x) ** 2), "data")

    step = jax.jit(jax.shard_map(loss, mesh=MESH, in_specs=(P(), P("data")), out_specs=P(), axis_names={"data"}))
    x = jnp.ones((8, 16))
    lowered = step.trace(state, x).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:20])


if __name__ == "__main__":
    main()
