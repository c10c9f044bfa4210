import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class LoRALinear(eqx.Module):
    base: eqx.nn.Linear
    a: jax.Array
    b: jax.Array
    scale: float = eqx.field(static=True)

    def __init__(self, base, rank, *, key):
        self.base = base
        self.a = jax.random.normal(key, (rank, base.in_features)) * 0.01
        self.b = jnp.zeros((base.out_features, rank))
        self.scale = 1.0 / rank

    def __call__(self, x):
        return self.base(x) + self.scale * (self.b @ (self.a @ x))


def param_specs(params):
    """Data parallel: every parameter (including the adapter) is replicated."""
    return jax.tree.map(lambda _: P(), params)


def main():
    mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
    mkey, lkey = jax.random.split(jax.random.PRNGKey(0))
    model = eqx.nn.MLP(32, 10, width_size=64, depth=2, key=mkey)

    # fine-tune only a low-rank adapter on the classifier head
    model = eqx.tree_at(lambda m: m.layers[-1], model,
                        LoRALinear(model.layers[-1], rank=4, key=lkey))
    params, static = eqx.partition(model, eqx.is_array)
    specs = param_specs(params)

    def forward(params, x):
        net = eqx.combine(params, static)
        return jax.vmap(net)(x)

    sharded_forward = jax.jit(jax.shard_map(
        forward, mesh=mesh, in_specs=(specs, P("data")), out_specs=P("data"),
        check_vma=False))
    x = jax.ShapeDtypeStruct((16, 32), jnp.float32)
    sharded_forward.trace(params, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
