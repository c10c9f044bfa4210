"""Evaluation of a BatchNorm model: inference mode, so the plain vmap needs no axis name."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class Classifier(eqx.Module):
    layers: list
    norms: list
    out: eqx.nn.Linear

    def __init__(self, key):
        keys = jr.split(key, 4)
        self.layers = [eqx.nn.Linear(8 if i == 0 else 32, 32, key=keys[i]) for i in range(3)]
        self.norms = [eqx.nn.BatchNorm(32, axis_name="batch") for _ in range(3)]
        self.out = eqx.nn.Linear(32, 2, key=keys[3])

    def __call__(self, x, state):
        for layer, norm in zip(self.layers, self.norms):
            x, state = norm(layer(x), state)
            x = jax.nn.silu(x)
        return self.out(x), state


model, state = eqx.nn.make_with_state(Classifier)(jr.key(1))
inference_model = eqx.nn.inference_mode(model)
inference_model = eqx.Partial(inference_model, state=state)


@eqx.filter_jit
def evaluate(model, xs):
    logits, _ = jax.vmap(model)(xs)
    return jnp.argmax(logits, axis=-1)


xs = jnp.ones((64, 8))
params, static = eqx.partition(inference_model, eqx.is_array)
lowered = jax.jit(lambda p, xs: evaluate(eqx.combine(p, static), xs)).trace(params, xs).lower(
    lowering_platforms=("cuda",)
)
print(lowered.as_text().count("func.func") > 0)
