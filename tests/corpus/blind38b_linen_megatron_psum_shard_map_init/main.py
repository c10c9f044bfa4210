import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from tp.mlp import TPMlp

TP = 2
HIDDEN = 64


def sharded(fn, mesh, in_specs, out_specs):
    return jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs))


def main():
    mesh = jax.make_mesh((2, TP), ("data", "tensor"))
    model = TPMlp(hidden=HIDDEN // TP)
    param_specs = {"params": {"up": {"kernel": P(None, "tensor")}, "down": {"dense": {"kernel": P("tensor", None)}}}}
    x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data", None)))
    init = sharded(model.init, mesh, (P(), P("data", None)), param_specs)
    apply = sharded(model.apply, mesh, (param_specs, P("data", None)), P("data", None))
    key = jax.random.key(0)
    params = init(key, x)
    lowered = apply.trace(params, x).lower(lowering_platforms=("cuda",))
    print(jax.tree.map(lambda a: a.shape, params), lowered.as_text()[:20])


if __name__ == "__main__":
    main()
