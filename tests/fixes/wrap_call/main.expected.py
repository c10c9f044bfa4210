"""A tensor-parallel MLP (Megatron's split: columns of the first weight, rows of the second):
each device's partial output leaves the shard_map stacked over 'model', and the sum of the
partials was written in the jitted function around it, where no axis is bound."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]), ("model",))


def partial_out(w1, w2, x):
    return (jax.nn.relu(x @ w1) @ w2)[None]


partial_mlp = jax.shard_map(partial_out, mesh=mesh, in_specs=(P(None, "model"), P("model", None), P()),
                            out_specs=P("model"))


@jax.jit
def mlp(w1, w2, x):
    partials = partial_mlp(w1, w2, x)
    return jax.shard_map(lambda partials: jax.lax.psum(partials, "model"), mesh=mesh, in_specs=(P("model"),), out_specs=P("model"), check_vma=False)(partials)[0]


if __name__ == "__main__":
    mlp.trace(jnp.ones((8, 32)), jnp.ones((32, 8)), jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
