import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

RULES = (("batch", "data"), ("embed", None), ("hidden", None))


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.with_logical_constraint(x, ("batch", "embed"))
        h = nn.gelu(nn.Dense(64)(x))
        h = nn.with_logical_constraint(h, ("batch", "hidden"))
        return nn.Dense(x.shape[-1])(h)


model = Encoder()


def loss(params, x):
    y = model.apply(params, x)
    return jax.lax.pmean(jnp.mean(y ** 2), "data")


def main():
    mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
    x = jnp.ones((16, 32))
    params = model.init(jax.random.key(0), x)
    with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
        step = jax.jit(jax.shard_map(jax.grad(loss), mesh=mesh, in_specs=(P(), P("data")), out_specs=P()))
        lowered = step.trace(params, x).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:20])


if __name__ == "__main__":
    main()
