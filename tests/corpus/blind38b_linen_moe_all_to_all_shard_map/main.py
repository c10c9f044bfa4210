import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

N_EXP = 4
CAP = 8
D = 16


class ExpertFFN(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x):
        # x: [local_experts, tokens, d]
        wi = self.param("wi", nn.initializers.lecun_normal(), (x.shape[0], x.shape[-1], self.hidden))
        wo = self.param("wo", nn.initializers.lecun_normal(), (x.shape[0], self.hidden, x.shape[-1]))
        h = jax.nn.gelu(jnp.einsum("etd,edh->eth", x, wi))
        return jnp.einsum("eth,ehd->etd", h, wo)


ffn = ExpertFFN()


def moe_layer(params, dispatched):
    # dispatched: [N_EXP, CAP, D] per device: a bucket for every expert
    x = lax.all_to_all(dispatched, "expert", split_axis=0, concat_axis=1, tiled=True)
    y = ffn.apply(params, x)
    return lax.all_to_all(y, "expert", split_axis=1, concat_axis=0, tiled=True)


def main():
    mesh = jax.make_mesh((N_EXP,), ("expert",), axis_types=(AxisType.Auto,))
    local = jnp.zeros((1, N_EXP * CAP, D))
    params = ffn.init(jax.random.key(0), local)
    params = jax.tree.map(lambda a: jnp.concatenate([a] * N_EXP, 0), params)
    spec = jax.tree.map(lambda _: P("expert"), params)
    step = jax.jit(
        jax.shard_map(moe_layer, mesh=mesh, in_specs=(spec, P("expert")), out_specs=P("expert"))
    )
    tokens = jnp.zeros((N_EXP * N_EXP, CAP, D))
    lowered = step.trace(params, tokens).lower(lowering_platforms=("cuda",))
    print(lowered.as_text().count("all_to_all"))


if __name__ == "__main__":
    main()
