import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class MLP(nnx.Module):
    def __init__(self, din, dmid, dout, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(din, dmid, rngs=rngs)
        self.linear2 = nnx.Linear(dmid, dout, rngs=rngs)

    def __call__(self, x):
        return self.linear2(nnx.relu(self.linear1(x)))


@nnx.vmap(in_axes=0, out_axes=0)
def create_ensemble(key):
    return MLP(8, 32, 4, rngs=nnx.Rngs(key))


@nnx.jit
def ensemble_mean(model, x):
    @nnx.vmap(in_axes=(0, None), out_axes=0, axis_name="ensemble")
    def forward(model, x):
        y = model(x)
        return y - jax.lax.pmean(y, "ensemble")

    return forward(model, x)


def main():
    mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
    model = create_ensemble(jax.random.split(jax.random.key(0), 5))
    x = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P("data")))
    lowered = ensemble_mean.trace(model, x).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:20])


if __name__ == "__main__":
    main()
