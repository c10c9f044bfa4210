import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P
from flax import nnx

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.up = nnx.Linear(16, 64, use_bias=False, rngs=rngs)
        self.down = nnx.Linear(64, 16, use_bias=False, rngs=rngs)

    def __call__(self, x):
        # up is column-parallel, down row-parallel: one all-reduce at the end
        h = nnx.relu(self.up(x))
        return jax.lax.psum(self.down(h), "model")


state_spec = nnx.StateSharding(nnx.State({"up": {"kernel": P(None, "model")}, "down": {"kernel": P("model", None)}}))


@nnx.jit
def forward(model, x):
    f = nnx.shard_map(lambda m, x: m(x), mesh=mesh,
                      in_specs=(state_spec, P("data")), out_specs=P("data"),
                      check_rep=False)
    return f(model, x)


if __name__ == "__main__":
    model = MLP(nnx.Rngs(0))
    x = jnp.ones((8, 16))
    print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
