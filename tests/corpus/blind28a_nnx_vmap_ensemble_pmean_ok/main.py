"""An ensemble of NNX MLPs created and run with nnx.vmap; members share batch statistics of
their logits through a pmean over the vmapped 'ensemble' axis."""
import jax
import jax.numpy as jnp
from flax import nnx

N_MEMBERS = 4


class Member(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.l1 = nnx.Linear(din, 64, rngs=rngs)
        self.l2 = nnx.Linear(64, dout, rngs=rngs)

    def __call__(self, x):
        logits = self.l2(nnx.relu(self.l1(x)))
        return logits - jax.lax.pmean(logits, axis_name="ensemble")


@nnx.split_rngs(splits=N_MEMBERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs):
    return Member(16, 10, rngs)


ensemble = create_ensemble(nnx.Rngs(0))


@nnx.jit
def forward(ensemble, x):
    @nnx.vmap(in_axes=(0, None), out_axes=0, axis_name="ensemble")
    def run(member, x):
        return member(x)

    return run(ensemble, x)


x = jnp.ones((8, 16))
lowered = forward.trace(ensemble, x).lower(lowering_platforms=("cuda",))
print("lowered")
