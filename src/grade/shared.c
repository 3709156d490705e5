/*
 * shared.c — the misconceptions that belong to the subject rather than to
 * one question, written once here in the rubric language and used by
 * every rubric that names them on a `shared:` line:
 *
 *   shared: bf16-more-precise scale-fixes-forward ...
 *
 * bf16 more precise than fp16; bf16 with fp16's limit; loss scaling that
 * fixes the forward pass or tiny weight updates; max subtraction that
 * changes softmax; a loss scale stored in fp16 (so kept below 65504); bf16
 * that makes a naive softmax safe (shared_softmax.def).  The lines are compiled with their own
 * synonyms, apart from the rubric's, and the named entries are moved into
 * it: a shared misconception is matched, negated and reported exactly as
 * one written in the rubric, and its id may not be defined there too
 * (rubric.c does the moving; this file is only the text).  More entries
 * live in the .def files it includes: shared_softmax.def (softmax and the
 * figures around it), shared_runtime.def (the software and hardware),
 * shared_claims.def (the scaler's rule, the formats, the kernels).
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "grade/grade_int.h"

const char *const grade_shared_lines[] = {
	"synonym scaling: \"loss scaling\" | \"loss scale\" | gradscaler | scaler | "
	    "\"scaling the loss\" | \"scale factor\" | =scaling",
	"synonym bf: bf16 | bfloat16 | \"brain float\" | \"bfloat 16\" | \"bf 16\"",
	"synonym fixes: fix* | rescue* | recover* | sav* | solv* | cure* | repair* | "
	    "prevent* | protect* | shield* | handl* | help* | stop* | tame* | avert*",

	"misconception bf16-more-precise: seq: @bf more/higher/better/greater/extra/finer "
	    "precision/precise/accurate/accuracy/mantissa/resolution ~5 | "
	    "span: seq: @bf which more/higher/better precision/precise/accurate ~6 | "
	    "span: seq: @bf which round*/rounds better ~8 | "
	    "seq: @bf more/extra/higher significant/digits ~5 | seq: @bf exact/exactly -that/what/this/why/how/where/!0/less/lower/not/never ~4 | seq: @bf round*/rounds better ~4 | "
	    "\"more range and more precision\" | \"more precision and more range\" | "
	    "span: seq: @bf more/extra mantissa/fraction/significand bits than fp16/half -not/fewer ~14 | "
	    "\"more range and precision\" | \"both range and precision\" | "
	    "seq: @bf both range precision ~6 | seq: exact/exactly in @bf -!0 ~5 | "
	    "span: seq: @bf which more/extra mantissa/fraction bits | seq: @bf both range mantissa | "
	    "seq: @bf \"more mantissa\"",
	"  | span: seq: @bf more mantissa bits than fp16/half ~22 | "
	    "seq: @bf the/is more accurate/precise -not/never/less/fewer/lower/than ~8 | "
	    "span: seq: @bf/=it same precision/accuracy too -not/never/less/lower/worse/coarser ~12 | "
	    "seq: better precision and more range ~4 | seq: precision of fp16/half and/with the range -not/never ~10 | "
	    "seq: range of fp32/float32 and the precision of fp16/half -not/never ~8 | "
	    "span: seq: @bf which longer/wider/bigger/larger mantissa/significand/fraction than fp16/half -not/never/shorter ~16 | "
	    "seq: @bf has/with a longer/wider/bigger/larger mantissa/significand/fraction -not/never/shorter ~6",
	"  why: bf16 keeps fp32's 8 exponent bits but only 7 fraction bits against fp16's "
	    "10: it buys range with precision, so it is the coarser of the two",

	"misconception bf16-fp16-limit: seq: underflow*/underflows exactly/just as they do in fp16/half -not/never/unlike ~8 | seq: @bf same max/maximum/limit/range/65504 fp16/half ~8 | "
	    "span: seq: @bf which same 65504/limit/max/maximum ~8 | \"same 65504\" | "
	    "seq: @bf max/maximum/largest/top*/limit/ceiling 65504 ~5 | "
	    "seq: has/have the same max/maximum/largest/ceiling as fp16/half -than ~7 | "
	    "seq: tops/maxes out around/at the same value/max/maximum/number ~6 | "
	    "seq: @bf hit*/has/have/get*/see* same overflow*/inf -not/never/no/unlike/avoid* ~8 | "
	    "span: seq: @bf also same max/maximum/ceiling/limit -not/never/unlike/fp32/float32 ~16 | "
	    "seq: still/also a 16 bit format same max/maximum/limit/ceiling -never/unlike/fp32/float32 ~10 | "
	    "seq: same underflow floor/threshold/minimum as fp16/half -never/unlike/fp32/float32 ~6",
	"  why: bf16 has fp32's exponent range (its largest finite value is about 3.4e38); "
	    "65504 is fp16's limit",

	"misconception fp16-limit-wrong: seq: fp16/half/float16 \"tops out at\"/\"maxes out at\"/"
	    "\"max is\"/\"maximum is\"/\"limit is\"/\"largest value is\"/\"largest is\" !65504~3% ~5",
	"  why: fp16's largest finite value is 65504, (2 - 2^-10) x 2^15",

	"misconception fp16-floor-wrong: seq: smallest positive 6.1e-5~3%/1.5e-5~3% ~7 | "
	    "seq: smallest fp16 number/value 6.1e-5~3%/1.5e-5~3% ~6 | "
	    "seq: smallest value/number/positive 1.5e-5~3% ~8 | "
	    "span: seq: smallest subnormal/denormal 6.1e-5~3%/1.5e-5~3% ~5",
	"  why: fp16's smallest positive value is the subnormal 2^-24, about 5.96e-8; "
	    "6.1e-5 (2^-14) is its smallest normal, and 1/65504 is no limit of it",

	"misconception wide-overflows-1e8: seq: @bf/fp32/float32 overflow* 1e8/100000000 ~6 | "
	    "seq: @bf/fp32/float32 would/also overflow* too ~6 | "
	    "seq: @bf/fp32/float32 overflow* too/also 1e8 ~6 | seq: 1e8/100000000 also exceed*/exceeds fp32/float32/@bf | "
	    "seq: only fp64/float64/double can hold/represent/store -not ~4 | "
	    "seq: need*/needs float64/fp64/double for 1e8/100000000/it -not/never ~6 | "
	    "seq: past/beyond/exceed*/exceeds what fp32/float32 can hold/represent/store -not/never ~6",
	"  | seq: need/needs fp64/float64/double for that/this/the op/it -not/never ~6 | seq: fp32/float32 can't/cannot hold 1e8 -exactly ~6",
	"  | seq: overflow*/inf fp16 fp32/float32 too/alike/as -not/never/only ~8 | seq: any 16 32-bit/32 float -not ~8 | seq: overflow* fp32/float32 as well -not ~8",
	"  why: 1e8 is far inside the range of bf16 and fp32 (their largest finite value is "
	    "about 3.4e38); only fp16 overflows there",

	"misconception exp20-fits: seq: 4.85e8~3% below/under/less/within/fits -fp32/float32/single/bf16 ~5 | "
	    "seq: \"exp(20)\" below/under/fits/within max/65504/range ~6 | "
	    "seq: \"exp(20)\" finite/representable fp16/half ~5 | "
	    "seq: \"exp(20)\" still/big finite/fits/representable ~6 | "
	    "seq: each/individual/single exp/exponential* fit*/finite -not ~6 | seq: only the sum overflow* ~4",
	"  why: exp(20) is about 4.85e8, far above fp16's largest finite value: it is inf",

	"misconception scale-fixes-forward: seq: =it would/will rescue/fix/help forward underflow* -not/never/cannot/can't ~6 | seq: autocast applies the same scale in/to the forward -not/never ~8 | seq: repairs/fixes/rescues/recovers forward activation*/values "
	    "-not/never/can't/cannot ~6 | "
	    "seq: scaler pull*/bring*/brings inf loss back into range -not/never ~12 | "
	    "seq: makes/make backward gradients/grads finite again -not/never ~8 | "
	    "seq: dynamic/@scaling/scale rescu*/fix*/repair*/sav* forward "
	    "overflow*/activation*/inf -not/cannot/can't/won't/never/doesn't ~8 | "
	    "seq: @scaling @fixes forward/activation*/activations -keep/leav*/alone/untouched/after/afterwards/later/downstream ~12 | "
	    "seq: @scaling also forward/activation* ~6 | seq: =it also @fixes forward/activation* ~6 | seq: @scaling should caught/catch* ~5 | "
	    "seq: @scaling broken ~3 | seq: =scale applied/multiplies/multiplied input*/inputs/activation*",
	"  | seq: =it/=scale protects/shields/guards the forward activation*/activations -not/never/cannot/can't/won't ~6",
	"  | seq: @scaling would/will/can catch*/recover*/rescal*/fix* nan/output*/probabilit* -skip*/skips ~8 | "
	    "seq: @scaling would/will also have caught/fixed/rescued it/this -not/never/skip*/skips ~8 | "
	    "seq: =it/gradscaler/scaler rescales/rescale/rescaling activation*/the activations -not/never/can't/cannot ~4 | "
	    "seq: also lift*/rais*/boost*/rescu* tiny/small/the forward/activation*/activations ~6 | seq: fix*/fixes both passes ~3",
	"  | seq: @scaling keeps/prevents/stops/protects forward activation*/activations ~8 | "
	    "seq: shrink*/shrinks/squeez*/scal*/bring*/brings/pull*/pulls values/activation*/outputs/logits forward/activation* back/into range -not/never/cannot/can't/won't ~10 | "
	    "seq: shrink*/shrinks/squeez*/bring*/brings/pull*/pulls forward values/activation*/outputs back/into range -not/never/cannot/can't/won't ~8",
	"  | seq: bigger/larger/higher/big loss/=scale/=s also @fixes the softmax/forward/logits/exp*/exps -not/never/cannot/can't/won't/doesn't ~10 | "
	    "seq: loss scaler/gradscaler/scaler handles/handle/takes the rest -not/never ~5 | "
	    "seq: @fixes underflow*/underflows everywhere/anywhere -not/never/cannot/can't/only ~4 | "
	    "seq: including activations/activation that underflowed/underflow in the forward -not/never/cannot/can't/except ~8",
	"  | seq: @scaling keeps/prevents/stops/protects forward activation*/activations ~12 | "
	    "seq: also the standard/usual/right fix when/for the forward -not ~8 | seq: scal*/scaling shifts/moves every/all tensor* -not ~6",
	"  | seq: @scaling/scaler handl*/handles/covers/covered both ends -not/never ~6 | "
	    "seq: @scaling/scaler handles/handle/covers/cover both -not/never/cannot/can't ~3 | "
	    "seq: scaled loss also/even keep*/keeps/protect*/protects the forward activation* -not/never ~8 | "
	    "seq: forward overflow*/inf handled/covered/fixed/solved too/also/as -not/never/isn't ~6 | "
	    "span: seq: lower*/lowers/halv*/back*/backs =s/=scale next/following forward finite -not/never ~12 | "
	    "seq: crank*/turn*/raise* =scale/the up the/and forward recover*/finite -not/never ~10 | "
	    "seq: tiny/small activation* stop*/no underflow*/underflowing -not/never ~6",
	"  | span: seq: backoff/back*/lower*/lowers/halv* =scale/=s until activation*/forward/it finite -not/never/cannot ~12 | "
	    "seq: forward computed/run/recomputed/done at a smaller/lower/reduced =scale -not/never ~8 | "
	    "span: seq: lower*/lowers/halv*/reduc* =s/=scale forward back range -not/never/cannot ~16 | "
	    "seq: =scale/=s also keeps/protects/prevents/stops/rescues small/tiny/the forward/activation* -not/never/cannot ~8 | "
	    "seq: =it/scaler/gradscaler also keeps/protects activation*/forward from -not/never/cannot ~10 | "
	    "seq: @scaling also keeps/protects small/tiny activation* forward -not/never/cannot ~10 | "
	    "seq: same way/works for forward/activation* overflow*/inf -not/never/doesnt/unlike ~6 | "
	    "not: seq: @scaling/rescal* things/everything/values so forward blow*/explod*/overflow* -cannot/can't/later/after ~10",
	"  | seq: large/larger/big/bigger/higher/enough =scale/=s/@scaling prevent*/avoid*/stop* the/an/any inf/overflow*/nan "
	    "-not/never/can't/cannot/won't/doesn't/smaller/lower*/halv*/reduc*/cut*/back*/gradient*/grads ~10 | "
	    "span: seq: forward/activation*/inf rais*/increas*/bump*/larger/bigger/higher =scale/=s/@scaling "
	    "bring*/brings/pull*/pulls/put*/puts/get*/gets back -not/never/can't/cannot/won't/gradient*/grads ~16",
	"  | seq: reduc*/reduces/lower*/lowers/cut*/cuts how often forward/activation*/the values/activations hit/reach/become/turn inf -not/never/cannot/can't/won't ~8 | seq: repair*/repairs/fix*/fixes the forward inf/infs/overflow -not/never/cannot/can't/won't/doesn't ~4",
	"  | span: seq: forward overflow*/inf what loss/@scaling/scaler is/exists there/meant/designed/built/for fix*/handl*/solv*/cure* -not/never/isn't ~20 | span: seq: overflow*/overflows forward what loss/@scaling/scaler is/exists there/meant/designed/built/for fix*/handl*/solv*/cure* -not/never/isn't ~20 | seq: =scale/=s shrink*/shrinks/reduc*/reduces/lower*/lowers the forward values/activation*/outputs -not/never/cannot/can't/won't ~6",
	"  why: the loss scale multiplies the loss after the forward pass, so it cannot change "
	    "an activation that overflowed or underflowed there; it lifts gradients in backward only",

	"misconception scale-fixes-updates: seq: @scaling/=scale is for making tiny/small weight updates stick/survive/count -not/never ~10 | seq: also fixes the/a case where a/the tiny/small update -not/never ~8 | seq: @scaling @fixes tiny/small/fp16 update*/weight* ~8 | "
	    "seq: @scaling also tiny/small update*/weight* ~8 | "
	    "seq: @scaling fix*/rescue*/solv*/sav*/cure* update* ~6 | "
	    "seq: =it also @fixes tiny/small/fp16 update*/weight* ~8 | "
	    "not: seq: need*/needs fp32/float32 master weights ~4 | "
	    "not: seq: =scale/scaling/@scaling there so/that small/tiny weight updates/update -master ~10 | "
	    "span: seq: @scaling/=scale is for stopping/preventing/keeping small/tiny weight updates/update from -master/not ~14 | "
	    "seq: =it/scaling/scaler stop*/stops/keep*/prevent* tiny/small weight updates/update from vanish*/disappear*/lost/round*/being "
	    "-not/never/master/fp32 ~10 | "
	    "span: seq: @scaling for updates too small/tiny -not/never/master/fp32 ~18 | "
	    "span: seq: update*/updates @scaling/=scale keeps/makes big/large enough -not/never/master ~14",
	"  | seq: @scaling/scaling/=scale/=it stops/keeps/prevents/stop*/keep* tiny/small updates from disappearing/vanishing/vanish*/lost -not/never/master ~10 | seq: keeps the weight update itself =s times larger ~8 | seq: weight update*/updates =s times larger during the step -not/never ~10",
	"  | seq: weight/the update* is/becomes/gets =s/then times bigger/larger -not/never/unscal*/divid* ~8 | "
	    "seq: so/that the/an/each update/updates registers/register/survives/sticks -not/never/master/fp32/float32 ~5 | "
	    "seq: purpose/point/job make/making weight updates/update bigger/larger -master/fp32/float32 ~8 | "
	    "seq: optimizer applies/uses/sees gradients/grads =s/that times larger/bigger -not/never/unscal* ~10 | "
	    "span: seq: update* also survives/survive added/adding fp16/half weight* -not/never/master/fp32 ~12",
	"  why: the scale is divided out before the optimizer step, so an update too small "
	    "for an fp16 weight is still lost in w + dw; fp32 master weights fix that",

	"misconception max-changes-softmax: seq: subtract*/subtraction/shift*/minus/stable "
	    "change*/alter*/distort*/perturb*/bias* probabilit*/result/output/answer/distribution ~10 | "
	    "seq: subtract*/subtraction/shift*/stable approximat* ~10 | "
	    "\"close approximation\" | \"slightly different\" | "
	    "seq: shift*/subtract*/stable gradient* differ* ~8 | seq: gradient* shift*/shifted differ* ~8 | "
	    "seq: logsumexp/log_softmax/\"log softmax\"/stable/shift* less/slightly accurate/precise ~8 | "
	    "\"slightly less accurate\" | \"slightly less precise\" | "
	    "seq: result/probabilit*/output/softmax approximately/approximate -0.731/0.269/0.73/0.27 ~6 | "
	    "\"only approximately\" | \"approximately equal\" | \"approximately the same\" | "
	    "seq: shift*/subtract*/subtraction change*/alter*/affect* gradient* ~6 | "
	    "seq: shift*/subtract* slightly different ~8 | "
	    "seq: change*/alter*/changes probabilit*/result/output slightly | seq: slightly change*/alter*/different | "
	    "seq: approximation accept*/\"close enough\"",
	"  | seq: max-shifted/shifted/shift* version/softmax has a different gradient/gradients -not/never/same ~8",
	"  | seq: subtract*/subtracting/shift* cost*/price small/slight bias/error/inaccuracy -not/no/never/without ~12 | "
	    "seq: rather than the exact softmax/result/probabilit* -not ~6 | "
	    "seq: subtract*/shift* slightly approximat*/approximates the true/exact -not/no/never ~10 | "
	    "span: seq: subtract* the max which slightly approximat*/approximates -not/no/never ~10",
	"  | seq: subtract*/subtracting max/logit shift*/shifts/rescal*/skew* the probabilit*/output*/result* "
	    "-not/no/never/unchanged/without/same ~10",
	"  | seq: =it/=this/trick/shift*/subtract*/subtraction approximation -not/exact* ~5 | "
	    "seq: differ*/differs slightly from/than true/exact/real ~6",
	"  | span: seq: subtract*/subtracting/shift*/shifting max/maximum change*/changes/alter*/distort* the probabilit*/result/output* -not/never/doesn't/don't/unchanged/same ~20 | seq: come/comes/came out a little/slightly/somewhat different -not/never ~6",
	"  why: softmax(x - m) equals softmax(x) exactly: the factor e^-m cancels between the "
	    "numerator and the denominator, so the probabilities and their gradients are the same",

	"misconception softmax-mean: seq: subtract*/subtraction the mean/average/min/minimum ~5 | "
	    "seq: subtract*/subtraction mean/average/min/minimum better ~6",
	"  why: only the largest logit makes every exponent at most 0, so exp cannot "
	    "overflow; the mean or the minimum leaves positive exponents that still can",

	"misconception softmax-fp64: seq: softmax comput*/uses/use*/run* fp64/float64/double ~8 | "
	    "seq: softmax fp64/float64/double internally ~6 | seq: comput*/computing fp64/float64 internally ~5 | "
	    "seq: logsumexp/log-sum-exp/lse/trick/shift*/stable need*/must/has/require*/comput* fp64/float64/double ~8 | "
	    "seq: cast*/convert*/upcast* logit*/input*/x to/into double/fp64/float64 first/before ~6 | "
	    "seq: softmax promot*/cast*/upcast*/convert* float64/fp64/double ~10",
	"  | \"x / logsumexp\" | \"x / log sum exp\"",
	"  | seq: run/compute/do/perform the softmax/it in fp64/float64/double -not/never/don't/dont/no ~6",
	"  why: the library softmax subtracts the max (and accumulates in fp32); it does not "
	    "escape overflow by computing in a wider format",

	"misconception fp32-naive-softmax: seq: fp32/float32 never overflow* ~6 | "
	    "not: seq: exp*/exponential* overflow* in fp32/float32 -!0/here/this/these/case/logit*/it/until/unless/before ~6 | "
	    "seq: fp32/float32 naive/plain always/safe/fine ~8 | "
	    "seq: fp32/float32 \"just as good\" ~8 | seq: cast*/casting fp32/float32 \"just as good\" ~8 | "
	    "seq: fp32/float32 \"for good\" ~6 | seq: only matter* fp16 ~4 | "
	    "seq: naive/formula/plain safe/fine in fp32/float32 | seq: nan specific fp16 | "
	    "span: seq: fp32/float32 where naive/plain always/safe/fine ~8 | "
	    "seq: fp32/float32 range effectively/essentially/practically/basically unlimited/infinite/limitless ~6 | "
	    "seq: fp32/float32 represent*/hold*/holds exponential/exp of any logit ~10",
	"  why: fp32 only moves the cliff: exp overflows there too, past about 88; the "
	    "shifted form is safe in every format",

	"misconception softmax-eps: seq: epsilon/eps fix*/solv*/prevent*/avoid*/stop*/help*/cure* -not ~8 | seq: add*/plus 1e-6/1e-8/1e-12/eps/epsilon ~4 | "
	    "seq: need*/still/add*/put* an/a/small epsilon/eps in/to the denominator -not/never/don't/dont ~8 | "
	    "seq: \"division by zero\"/\"divide by zero\"/\"dividing by zero\" "
	    "-against/guard*/guards/protect*/prevent*/avoid*/not/never/isnt ~4 | "
	    "\"denominator is zero\" | seq: denominator zero ~4",
	"  why: the denominator is inf, not zero: exp overflowed, and inf / inf is NaN; "
	    "an epsilon cannot help",

	"misconception scale-in-fp16: seq: =scale/s/factor itself stored/held/kept/fp16/half -fp32/float32/single ~6 | "
	    "span: seq: =scale which/that it keeps/stores/holds as/in an/a fp16/half -not/never/fp32/float32 ~10 | "
	    "seq: gradscaler/scaler stores/keeps/holds it in fp16/half -not/never/fp32/float32/weights/master ~6 | "
	    "seq: =scale/factor stored/held/kept/represented/lives fp16/half ~6 | "
	    "seq: =scale/factor stay*/kept/remain* below/under 65504 ~5 | "
	    "not: seq: =scale/factor/=s exceed*/above/beyond/past 65504 ~5 | span: seq: =scale/=s an/a fp16/half number/value/scalar/float at/so most/max/maximum 65504 ~8",
	"  | seq: =s/=scale/factor must/itself be/is representable in fp16/half ~8 | seq: caps/capped =scale/scale at 2^15/65504/32768 ~6 | "
	    "seq: gradscaler/scaler keeps/stores/holds it as/in fp16/half tensor/number/value/float -not/never/fp32/float32 ~8 | "
	    "span: seq: =scale/scaler it stored/kept/held/lives in/as fp16/half -not/never/fp32/float32/weights/activation* ~10",
	"  | seq: stor*/keep*/keeps/hold*/held/holds its/the =scale/=s/factor as/in/an fp16/half -not/never/fp32/float32 ~8 | "
	    "seq: stor*/keep*/keeps/hold*/held/holds =s/=scale as/in fp16/half -not/never/fp32/float32 ~6 | "
	    "seq: =scale/factor capped/limited at/to 65504 -not/never ~6",
	"  why: GradScaler keeps its scale as an fp32 number; what must stay below fp16's "
	    "largest finite value is the scaled gradients, S times g, not S itself",

	"misconception bf16-no-master: seq: keep*/store* the weights and adam/optimizer states/state in pure/plain @bf -not/never ~10 | seq: safely/can keep/store master weights/moments/state in bf16/bfloat16 "
	    "-not/never/avoid*/don't/dont ~10 | "
	    "seq: @bf remov*/eliminat*/drop* need* fp32/master "
	    "weight*/state/copy ~10 | seq: @bf remov*/eliminat* master ~8 | "
	    "not: seq: @bf need* master/fp32 weight*/copy/state ~8 | "
	    "not: seq: longer need* fp32 master weight*/copy ~10 | "
	    "seq: weights/state/moments/optimizer can/just live/stay/sit in @bf -not/never/fp32/float32 ~6 | "
	    "seq: drop*/remove*/discard* fp32 cop*/master | "
	    "not: seq: master/moment*/states/adam @bf loss/accuracy ~10 | "
	    "seq: optimizer/master state/weights must also/be stored/kept/be in @bf -not/never ~10",
	"  | seq: store/keep the weights and adam/optimizer moments/state purely/entirely/only in @bf -not/never/master ~12 | seq: @bf with/needs no fp32/float32 copy/master -not/never ~8",
	"  | seq: keep*/store*/hold* weights/states/moments purely/only/entirely/all in @bf -not/never ~8 | not: seq: tiny/small updates lost @bf ~6",
	"  | not: seq: reason/point/need to keep/keeping/store/storing master weight*/copies/copy -fp16/half ~6",
	"  | not: seq: need*/needed for fp32/float32 copies/copy -but ~4 | seq: lossless compared/relative with/to fp32/float32 -not/never/isn't ~6",
	"  why: bf16's 7 fraction bits make small updates vanish in w + dw even more "
	    "readily than fp16's 10; weights and optimizer state stay in fp32",

	"misconception scale-up-on-overflow: seq: skip*/skipped/inf/overflow*/nan "
	    "rais*/increas*/grow*/doubl*/bump* scale -lower*/decreas*/halv*/reduc*/shrink*/back*/rather/instead/clean/successful/2000/interval/consecutive ~10 | "
	    "seq: rais*/increas*/grow*/doubl* scale after/on/when skip*/inf/overflow* -lower*/decreas*/halv*/reduc*/shrink*/back/backoff/backs ~8 | "
	    "seq: skip* more headroom ~12 | "
	    "seq: doubl*/rais*/grow*/increas* =scale every/each time it/a skip*/overflow* -not/never ~8 | "
	    "seq: multipl* =s/scale by the growth factor/growth_factor/2 after a skipped/skip* -not/never ~10 | "
	    "span: seq: skip*/skipped/inf/overflow* rais*/increas*/grow*/doubl*/bump* =scale -lower*/decreas*/halv*/reduc*/shrink*/back*/rather/instead/clean/successful/2000/interval/consecutive ~10",
	"  why: after an inf or NaN the step is skipped and the scale is lowered (backoff, "
	    "halved by default); it grows only after a run of clean steps",

	"misconception skip-still-updates: seq: skip*/skipped still update*/appl* ~5 | "
	    "seq: last good gradient* ~3 | seq: skip*/skipped update* zeroed/zero -contribut*/effect/progress ~6",
	"  | span: seq: skip*/skipped optimizer still step*/steps/updat*/moves -not/never/next ~14 | "
	    "seq: skip* only/just/the parameters/params/weights/layers whose/with -not/never/all/every ~6 | "
	    "seq: appl*/applies the update to the rest/others/remaining -not/never ~6",
	"  | seq: scaler.step/step still appl*/applies the update -not/finite/skip*/only ~4 | seq: inf gradient*/grads clipped/clamped to ~4",
	"  why: a skipped step applies no update at all: scaler.step does not call the "
	    "optimizer when the gradients hold an inf or NaN, and the scale is lowered",

	"misconception skip-on-small: seq: skip* small/tiny/underflow* ~6 | "
	    "span: seq: underflow*/vanish*/zero small/tiny/zero/zeros =skips/=skip/=skipped -inf/nan/overflow*/nonfinite ~10",
	"  why: a step is skipped when the scaled gradients hold an inf or NaN, not when they "
	    "are small; small gradients are what the scale is there to keep",

	"misconception bf16-less-memory: seq: @bf half/less/smaller/lower/fewer memory/bytes/space/footprint fp16/half ~10 | "
	    "seq: @bf half memory/size/space | seq: @bf smaller than fp16/half | "
	    "seq: @bf less/lower memory/bandwidth than fp16 | \"half the memory of fp16\" | "
	    "\"half the space of fp16\" | seq: @bf tensors half space/size/memory | "
	    "seq: less/lower/smaller memory/footprint/bytes than fp16/half -fp8/e4m3/e5m2/int8/int4",
	"  | seq: @bf tensors/values/weights take*/takes/need*/use*/uses twice/double/more the/as space/memory/bytes -not/never/same ~8",
	"  why: bf16 and fp16 are both 16 bits wide: the same memory and bandwidth; "
	    "they split those bits differently (8 + 7 against 5 + 10)",

	"misconception scale-no-limit: seq: =s/scale as large/big/high as you like/want ~8 | "
	    "seq: no/without real/upper/any limit | \"no limit\" | "
	    "\"without limit\" | \"without any limit\" | \"no upper bound\" | indefinitely | unbounded | "
	    "seq: never risk* overflow* | seq: can never overflow* | "
	    "seq: gradients/grads can not overflow | seq: \"can't\"/cannot overflow in backward | "
	    "seq: clamp*/cap* scaled gradient* 65504 ~8 | "
	    "seq: no real/any downside/drawback/cost to a huge/large/big/bigger/larger =scale/=s ~8 | "
	    "seq: bigger/larger/huge =s/=scale only/always ever/just rescu*/help*/sav* more -not ~8",
	"  | not: seq: really/any/real limit/ceiling/catch -lower/underflow* ~3 | seq: underflow fully/completely/entirely/totally solved/fixed/eliminated/gone -not/never ~4",
	"  why: the scale is bounded by overflow: once S times the largest gradient passes "
	    "fp16's largest finite value the gradients are inf, the step is skipped and "
	    "GradScaler lowers S",

	"misconception scaled-step: seq: leav*/keep* gradient*/grads =scaled | "
	    "seq: gradient*/grads stay/remain =scaled | "
	    "seq: optimizer/optimiser scale invariant | seq: \"scale invariant\" harmless | "
	    "seq: learning rate absorb* | seq: absorb*/compensat* factor/scale | "
	    "seq: step*/steps with =scaled gradient*/grads | seq: unscal* after optimizer*/optimiser* step* -update/clip* ~8 | "
	    "seq: unscal* after =step/=steps -update/clip* ~6 | seq: update*/updated with big/=scaled gradient*",
	"  | seq: optimizer always/still receives/gets/sees gradients multiplied/scaled by the scale -not/never/unscal* ~10",
	"  | seq: after the step/optimizer.step/scaler.step you/we call/do/run unscale*/scaler.unscale_/unscale_ -not/never ~8",
	"  why: the gradients must be divided by S before the optimizer step (unscale_, or "
	    "scaler.step does it): stepping with S-times gradients multiplies the update by S",

	"misconception unscale-twice: seq: unscale*/unscale_ optimizer again -not/never/don't/dont/once/real/true/original/back/normal/size/magnitude* ~6 | "
	    "seq: unscale*/unscale_ once more -not/never/don't/dont ~5 | "
	    "seq: unscale* twice/again harmless/safe/fine/idempotent ~8 | "
	    "seq: second call harmless/safe/fine | seq: unscale* \"as many times\" | "
	    "seq: unscale* safe/fine/harmless twice/again/repeatedly ~8 | seq: unscale* idempotent ~5 | seq: unscale* several/multiple/repeatedly times/once ~6 | seq: call* unscale* again/twice -error*/raise*/raises/once/exception*/runtimeerror ~5 | seq: call* unscale* twice/again safe/fine ~8 | "
	    "seq: safe/fine/harmless call* unscale* twice/again ~6",
	"  | seq: unscale* again/twice right/to/safe -not/error*/raises/once ~6 | "
	    "seq: scaler.unscale_/unscale_/unscale* a second time -not/never/error*/raise* ~8 | "
	    "seq: unscale*/unscale_ as often as -not/never/once ~6 | "
	    "seq: scaler.step/step divid*/unscal* gradients/grads by =s/=scale again/twice/second "
	    "-not/never/unless/only/skip*/won't/doesn't/before ~10",
	"  why: unscale_ may be called once per optimizer per step: a second call before "
	    "update() raises an error rather than dividing by S again",

	"misconception skip-replays: seq: scaler/gradscaler rerun*/reruns/replay*/retry*/retries/redo*/recomput* | "
	    "seq: scaler/gradscaler/it lower*/halv*/reduc*/cut* retr*/retries/rerun*/redo*/repeat* ~16 | "
	    "seq: scaler/gradscaler rerun*/reruns/replay*/retry*/retries/redo*/recomput* backward/batch/step ~8 | "
	    "\"no step is ever lost\" | seq: no step lost | seq: never lose* step*/update* | "
	    "seq: gradscaler/scaler/it re run*/runs/do*/does backward/batch/step ~8 | "
	    "seq: re-run*/re-runs/rerun*/redo* backward/batch with half/lower/smaller/new ~8",
	"  | seq: recompute*/rerun*/re-run*/redo*/repeat* the/that same batch/backward/step/pass with/at half/a lower/smaller/the =scale/=s -not/never ~12 | seq: immediately recompute*/rerun*/re-run*/redo*/redoes the/that backward/batch -not/never ~6",
	"  | span: seq: =scale/=s and rerun*/reruns/re-run*/re-runs/retr*/retries/replay*/replays/redo*/redoes -not/never/don't/doesn't ~4 | seq: rerun*/reruns/re-run*/re-runs/retr*/retries/replay*/replays/redo*/redoes the same batch/step/iteration automatically -not/never/don't/doesn't ~6",
	"  why: a skipped step is lost: GradScaler does not redo the batch, it only lowers "
	    "the scale for the next iteration",

	"misconception unscale-underflows: span: seq: unscal* back in fp16/half underflow*/underflows again -not/never ~16 | seq: unscal*/divid* underflow* zero again ~10 | "
	    "seq: unscal*/divid* underflow* again ~8 | seq: benefit only/purely cosmetic",
	"  why: unscale_ divides the gradients in fp32 (the master gradients), where 1e-8 is "
	    "an ordinary number; the scale only has to carry it through the fp16 backward",

	"misconception half-everything: seq: call*/use*/using/cast* model half everything/whole/everywhere/all/entire ~8 | "
	    "seq: model half everything/everywhere/whole/entire | seq: fix* call* model half | "
	    "seq: model half inputs half everywhere ~8",
	"  why: casting the whole model to fp16 by hand makes every op run in fp16, the "
	    "way this inf was made; autocast keeps range-sensitive ops in fp32",

	"misconception softmax-undo-shift: seq: multiply*/multiplied exp max | seq: undo*/reverse* shift | "
	    "seq: multiply*/multiplied the outputs/probabilities/result by e/exp afterwards/back/after -not/never ~8 | "
	    "seq: add*/add back max after",
	"  why: nothing is undone: softmax(x - m) is already softmax(x), the factor e^-m "
	    "cancels between numerator and denominator",

	"misconception softmax-no-normalize: seq: drop*/skip*/omit* normaliz*/denominator/division | "
	    "seq: exp max already sums one ~8 | seq: \"sums to one\" already",
	"  why: exp(x - m) does not sum to one ([1, 0.368] here): the division by the sum "
	    "is what makes probabilities",

	"misconception no-clip-needed: seq: clip*/clipping unnecessary/needless/redundant | "
	    "not: seq: clip*/clipping becomes/become ~3 | not: seq: clip*/clipping needed/necessary/required -!0 ~4 | "
	    "seq: gradients/grads no longer explode | seq: can not explode | seq: can not blow up | "
	    "seq: remove*/drop* gradient clipping/clip*",
	"  why: clipping bounds large gradients, which any format can hold and which still "
	    "destabilise training; a wider format does not make them smaller",

	"misconception fp16-no-subnormals: \"no subnormals\" | \"no denormals\" | \"has no subnormal*\" | "
	    "\"without subnormals\" | seq: not have subnormal*/denormal* ~3 | seq: fp16/half/float16 lacks subnormal*/denormal* | "
	    "seq: everything/anything below 6.1e-5~3% zero/flush* | seq: fp16/half flush* below 6.1e-5~3% | "
	    "seq: no numbers/values below 6.1e-5~3% | "
	    "not: seq: represent*/store*/hold* any nonzero/positive magnitude/value/number below/under its/the smallest normal -subnormal* ~10 | "
	    "span: seq: anything/everything/values/numbers below/under its/the smallest normal flush*/flushed/zero -not/never/subnormal*/precision ~12 | "
	    "not: seq: represent*/store*/hold* anything/values/numbers below/under/smaller 6.1e-5~3% -normal/normals/normalized/normalised ~6 | not: seq: smaller/below/under than 6.1e-5~3% -normal/normals/normalized/normalised/precision/full ~4",
	"  why: fp16 has subnormals: below its smallest normal, 2^-14, it keeps values down to "
	    "2^-24 with fewer significant bits; only below half of that does a value flush to zero",

	"misconception skip-wrong-cause: span: seq: skip* when/whenever/if/once/because/only loss/zero*/zeros/small/tiny/low/lower/rises/rose/increas*/plateau* -inf/infinity/infs/nan/nans/overflow*/nonfinite/\"non-finite\"/finite/bf16/bfloat16 ~10 | "
	    "seq: notic*/detect*/sees/see/find*/finds zero/zeros skip* | seq: never skip*/skipped | "
	    "seq: never see skip*/skipped | "
	    "seq: skipped/skips/skip* caused by gradient*/grads underflow* -not ~6",
	"  | span: seq: skip* whenever/when/if any gradient*/grad underflow* zero -not/never ~12",
	"  | span: seq: skip* whenever/when/if the clipped/gradient/grad norm above/exceeds/exceeded/over/larger/bigger/greater max_norm/threshold/limit/clip* -not/never ~12 | span: seq: skip* whenever/when/if norm above/exceeds/exceeded/over/larger/bigger/greater max_norm/threshold/limit -not/never ~10",
	"  why: scaler.step skips the optimizer step exactly when the unscaled gradients hold "
	    "an inf or NaN; a loss that rose or fell, or small gradients, skip nothing, and "
	    "an overflow can make any run skip",

	"misconception scale-static: span: seq: =scale/=s fixed when/at created/creation ~8 | "
	    "seq: never/not change*/adjust*/adapt*/move* =s/=scale \"on its own\" | "
	    "seq: =scale/default stays/remains/kept fixed/constant -static/manual*/unlike | \"tune it by hand\" | "
	    "seq: scale/s fixed/constant for the whole run -static/manual*/unlike | "
	    "seq: fixed/constant for/throughout whole/entire run/training -static/manual*/could/would/alternative/instead/unlike/rather ~7",
	"  why: GradScaler is dynamic: it halves the scale after an inf or NaN and doubles it "
	    "after a run of clean steps (growth_interval)",

	"misconception autocast-all-fp32: seq: autocast always/every/everything/all fp32/float32 | "
	    "seq: autocast runs/computes everything/every op fp32/float32 | "
	    "span: seq: autocast always/every/all run*/runs/comput*/does every/all multiplication*/multipl*/matmul* fp32/float32 -not/never ~12",
	"  | seq: autocast run*/runs/comput*/does/keeps matmul*/matmuls/multipl*/products in fp32/float32 -not/never ~8",
	"  why: autocast runs the ops on its lower-precision list (matmul, conv, linear) in "
	    "fp16 or bf16 and only some others in fp32",

	"misconception backward-in-autocast: seq: backward inside/in/within/under autocast | "
	    "seq: gradients computed in fp16 inside autocast",
	"  | span: seq: backward called/run/be \"inside autocast\"/\"in autocast\"/"
	    "\"within autocast\"/\"inside the autocast\"/\"in the autocast\"/"
	    "\"within the autocast\" -outside/not ~10",
	"  | span: seq: everything/all inside/in/within the autocast block/context/region including backward/scaler.scale/scale -not/never ~10",
	"  why: backward belongs outside the autocast region: its ops run in the dtypes the "
	    "forward chose; wrapping it in autocast is not how AMP is used",

	"misconception clip-threshold-scaled: seq: max/norm/threshold \"get scale\" -not/never/don't ~8 | "
	    "seq: threshold/max_norm multipl*/scal* by =s/=scale -gradient*/grads/grad/measured | "
	    "seq: multipl*/scal* clip*/clipping threshold/max_norm by =s/=scale -gradient*/grads/grad",
	"  | seq: clipping/clip the real/true gradients/grads at a norm of 65536 -not/never ~10",
	"  why: unscale_ before clipping instead: a threshold tied to the current scale changes "
	    "as GradScaler moves the scale and breaks with inf gradients",

	"misconception inf-over-inf-one: seq: inf/infinity inf/infinity defined/equals/gives 1/one | "
	    "seq: inf/infinity divided inf/infinity 1/one | "
	    "seq: inf/infinity inf/infinity evaluat*/is/comes/gives/equals 1/one -not/nan ~5",
	"  | seq: ieee defines inf/infinity inf/infinity 1/one ~6 | seq: add*/adding/sum two/of inf*/infinit* gives/give/is/yields nan ~6",
	"  | seq: ieee defines/says inf/infinity inf/infinity 1/one ~9 | "
	    "seq: inf/infinity divided/over by inf/infinity gives/is/equals/yields 0/zero -not/never ~7",
	"  | seq: adding/add* inf inf produc*/gives/yields/is/makes nan -not ~8",
	"  why: inf / inf is NaN in IEEE 754 arithmetic (an invalid operation); that is the NaN here",

	"misconception bf16-never-underflows: seq: @bf never/cannot/not underflow* | "
	    "seq: never/cannot underflow* in @bf | seq: provably/guaranteed never need* | "
	    "seq: no gradient can be smaller | seq: @bf remov* need* scal* every/all case* | "
	    "seq: @bf same min/minimum/smallest/floor fp16/half | \"same minimum as fp16\"",
	"  why: bf16 has fp32's range, so underflow is rare, not impossible: its smallest "
	    "subnormal is about 9.2e-41 and smaller gradients still flush; loss scaling is "
	    "usually, not provably, unnecessary",

	"misconception bf16-no-cost: seq: identical/same accuracy/results to/as fp32 in every/all case* -not/never ~8 | seq: accuracy/results is/are identical/same to/as fp32 in every/all case* -not/never ~9 | not: seq: lose*/losing anything real ~4 | seq: give*/giving up nothing | \"nothing meaningful\" | "
	    "\"nothing is lost\" | \"no downside\" | seq: rounding error averages out | "
	    "seq: nothing much/really/significant given/lost/sacrificed/gives -master/fp32/float32/weights/scal* ~4 | "
	    "not: seq: lose*/losing precision by/when switching/moving/going -master/fp32/float32/weights/accumulat* ~5 | "
	    "not: seq: @bf rounding worse -fp32/float32 ~5",
	"  why: bf16 gives up precision: 7 fraction bits against fp16's 10, so every value is "
	    "rounded about eight times more coarsely",

	"misconception softmax-add-max: seq: add*/adding/plus the max/maximum/largest logit* before/first -subtract* | "
	    "seq: add*/adding max/maximum logit* to each/every -subtract*",
	"  why: the max is subtracted, so every exponent is at most 0; adding it makes the "
	    "overflow worse",

	"misconception bf16-narrow-exponent: seq: @bf same/fewer/less/smaller/narrower exponent* fp16/half | "
	    "seq: @bf same 5 bit exponent | seq: @bf fewer exponent bits | "
	    "span: seq: @bf same 5-bit/5 exponent as fp16/half ~14 | "
	    "seq: fewer/less exponent bits than fp16/half -e4m3/fp8/int8/e5m2 | "
	    "seq: @bf shar*/has/keeps/uses fp16/half 5-bit/five-bit/5/same exponent* -fp32/float32/8 ~6 | "
	    "seq: tf32 fp16/half 5-bit/five-bit/5/same exponent* -fp32/float32/8 ~10 | seq: tf32 is just fp16/half ~4",
	"  | seq: @bf smaller/narrower/reduced/less exponent range -not/never/fp32/float32/slightly ~6 | seq: @bf underflow*/underflows worse/more -not/never/less/fp32/float32 ~8",
	"  | seq: @bf its smaller/narrower exponent range ~6 | seq: @bf needs/need larger/bigger/more loss scale* -not ~6 | seq: @bf essentially/basically/just tf32 ~4",
	"  why: bf16 has 8 exponent bits, fp32's, against fp16's 5: that is where its range "
	    "comes from",

	"misconception overflow-gives-nan: seq: 1e8/product/it/overflow* comes/come out as nan -inf ~6 | "
	    "seq: overflow* produce*/gives/give*/becomes/yields nan directly | "
	    "seq: nan instead of inf | seq: overflow* fp16/half produce*/gives/yields nan directly | "
	    "seq: overflow*/overflowing produce*/gives/give*/yields/becomes/returns nan rather/instead -e4m3/fp8 ~8 | "
	    "seq: nan rather/instead than/of inf -e4m3/fp8/why/see/seeing/saw/observ* ~4 | "
	    "seq: exp/kernel/op return*/returns/give*/gives/produc* nan for it/them/exp*/20 -inf/divid*/division ~6",
	"  why: an fp16 overflow gives inf (e4m3, which has no inf, is the format whose "
	    "overflow is NaN); the NaN here is inf / inf",

	"misconception softmax-subtract-after: seq: exp* then/first subtract* -before | "
	    "seq: subtract* max/largest/maximum exponential ~4 | seq: subtract* after exponentiat*",
	"  | span: seq: exponentiat*/exp first then subtract* -before ~8 | "
	    "span: seq: comput*/take/takes/taking exp* then/and subtract* max/maximum/largest -logit* ~10 | "
	    "seq: subtract* max/maximum/largest of/among the exponentials/exps -logit* ~6 | "
	    "span: seq: subtract* max/maximum/largest do/it after exponentiat*/exp* -before/not/never ~10",
	"  why: the max logit is subtracted before exp; after exp the inf already exists, and "
	    "subtracting from it gives inf - inf = NaN",

	"misconception scale-fixes-itself: span: seq: halv*/lower*/reduc*/backing =scale until forward/softmax/loss/it "
	    "finite/fits/representable -not/never ~12 | "
	    "\"resolves itself\" | \"fixes itself\" | "
	    "seq: back*/backing off until forward/product/activation*/finite | "
	    "seq: scaler/gradscaler re/rerun*/reruns/recomput* fp32 | seq: scaler/gradscaler detect* inf forward | "
	    "seq: problem goes away after few steps",
	"  | seq: softmax/forward/activation overflow*/inf get*/gets/is/are corrected/fixed/repaired/handled automatically -not/never ~6",
	"  why: the scaler only lowers the scale and skips steps; the forward product is inf "
	    "whatever the scale, so every step overflows again until the op is repaired",

	"misconception scale-multiplies-forward: seq: scaler/gradscaler/@scaling multipl*/scales/appli* every/each/all activation* | "
	    "seq: scaler/gradscaler divid*/shrink* the activation*/activations/outputs -not/never ~6 | "
	    "seq: multipl* activation* forward by =scale | seq: =scale also multipl* activation*/forward ~6 | "
	    "seq: scaler/gradscaler multipl*/scales forward activation* ~6 | seq: scaler/gradscaler multipl*/scales the activation*/activations/inputs by -not ~9 | "
	    "span: seq: =scale/=s so the forward/product shrink*/shrinks -not/never/instead/input/inputs ~10",
	"  | seq: unscale_/unscale*/scaler also divides/divid* the cached/forward activation*/activations -not/never ~8 | seq: dynamic =scale/scaler shrinks/shrink*/scales the forward activation*/activations -not/never/cannot/can't ~8 | seq: backoff/backing in update shrinks/shrink* them/activation*/activations into range -not/never ~10",
	"  | seq: smaller/lower =scale/=s/@scaling shrink*/shrinks/reduc*/reduces the forward activation*/logits/inputs -not/never ~8 | "
	    "seq: scaling/scales the loss also scal*/scales/multipl* the activation*/forward -not/never ~8 | "
	    "seq: =it/scaler/gradscaler divides the activation* by -not/never ~6 | "
	    "seq: @scaling works by multiplying the inputs/activation* -not/never ~8 | "
	    "span: seq: =scale/backoff which shrinks/reduces the forward activation* -not/never ~12 | "
	    "seq: lower*/lowering/reduc*/shrink* the =scale/=s until/so the activations/activation*/forward fit*/fits -not/never ~8",
	"  | span: seq: every/all tensor*/intermediate* activation*/forward times/bigger/larger -not/never/only ~14 | seq: every/all intermediate value*/tensor* forward -not/never/only ~10",
	"  why: the scale multiplies the loss once, after the forward pass; no activation is "
	    "multiplied by it",

	"misconception inf-recovered: seq: inf turn*/turns/becomes/become back finite/correct | "
	    "seq: inf back into finite/correct | seq: recover* correct value from inf",
	"  why: an inf carries no value to recover: casting it to fp32 gives inf, and the "
	    "product has to be computed where it fits",

	"misconception bf16-all-hardware: seq: every/all/any gpu*/hardware bf16 | seq: since kepler/pascal/maxwell | "
	    "\"no hardware constraint\" | seq: every nvidia gpu | "
	    "seq: every/all/any cuda/nvidia card*/gpu*/device* support*/supports/run*/has bf16 -not/no ~8",
	"  why: bf16 tensor cores arrived with Ampere (A100) on NVIDIA GPUs; older ones, such "
	    "as V100, lack fast bf16",

	"misconception skip-by-design: seq: skip* \"by design\" | seq: skip* half of all steps | "
	    "seq: skip* most steps normal/expected",
	"  | seq: \"by design\" skip*/skips ~4",
	"  why: a healthy run skips a step only now and then (while the scale settles); many "
	    "skips mean gradients keep overflowing, which needs a cause",

	"misconception scale-costs-compute: seq: doubl* =s/=scale doubles time/compute/backward | "
	    "seq: =s times more compute/time | seq: scale* costs compute/time -skip*/skips/skipped | "
	    "seq: bigger/larger =s slower",
	"  why: multiplying by S costs one multiplication per value whatever S is; the "
	    "scale's limit is overflow, not time",

	"misconception scale-fades: seq: divided out each/every layer | seq: factor/scale fades/decays/shrinks each/every layer | "
	    "\"only gradients near the output\" | seq: early layers still underflow",
	"  why: by the chain rule every gradient of S x L is exactly S times the gradient of L, "
	    "in every layer",

	"misconception softmax-limited: seq: only work* two/positive/small classes/logits/class | "
	    "seq: trick only works for",
	"  why: subtracting the max is exact for any number of logits of any sign: the factor "
	    "e^-max cancels",

	"misconception fp8-more-range: seq: e4m3/e5m2/fp8 more/wider/larger/bigger/greater range than fp16/half | "
	    "seq: e4m3/e5m2/fp8 larger/higher/bigger max/maximum than fp16/half | "
	    "span: seq: e4m3/e5m2/fp8 which more/wider/larger/bigger/greater range fp16/half ~8 | "
	    "span: seq: e4m3/e5m2/fp8 same/fp32-like/fp32/bf16 range -not/less/narrow*/smaller ~8 | "
	    "seq: e4m3/e5m2/fp8 smaller/tinier/lower magnitude*/values/numbers than fp16/half ~8 | "
	    "seq: e4m3/e5m2/fp8 same/fp32-like/fp32/bf16 range -not/less/narrow*/smaller ~6",
	"  | seq: e4m3/e5m2/fp8 keeps/has/uses the 8 bit exponent -not ~8",
	"  | seq: keeps/has/uses/shares the 8 bit exponent of @bf -not ~8",
	"  why: fp8 has less range than fp16, not more: e4m3 tops out at 448 and e5m2 at "
	    "57344, against fp16's 65504",

	"misconception bf16-hardware-wrong: seq: v100/volta/t4/turing support*/has/have/runs/run bf16 -not/no/lack*/without/emulat* | "
	    "not: seq: a100/ampere/h100/hopper support*/has/have bf16 -pre/before/older/earlier/prior",
	"  why: fast bf16 arrived with Ampere (A100) on NVIDIA GPUs and is on Hopper too; "
	    "V100 and T4 have fp16 tensor cores but no bf16 ones",

	"misconception bf16-needs-scaler: seq: @bf always/must need*/require* loss/gradscaler/scaler ~8 | "
	    "seq: must/always use gradscaler/scaler with @bf | seq: @bf need*/require* gradscaler/scaler \"just like\" fp16 | "
	    "seq: with @bf must/always use*/need* gradscaler/scaler/@scaling ~8 | "
	    "seq: refus*/refuses backward @bf -not/never ~10",
	"  why: bf16 has fp32's range, so its gradients rarely underflow and loss scaling is "
	    "usually left off; it is optional, not required",

	"misconception autocast-casts-params: seq: autocast convert*/cast*/store*/keeps weights/parameters/params fp16/half permanently/\"in place\" ~10 | "
	    "seq: autocast stores weights/parameters/params in fp16/half | "
	    "seq: autocast cast*/convert* param*/parameters/weights/\"optimizer state\" fp16/half -not ~14",
	"  why: autocast casts inputs per op as the op runs; the parameters stay fp32 and "
	    "nothing is converted in place",

	"misconception scale-lr: seq: scaler/gradscaler/@scaling scal*/multipl*/divid*/halv*/lower* learning rate ~8 | "
	    "seq: scaler/gradscaler/@scaling scal*/multipl*/divid*/halv*/lower* =lr ~6 | "
	    "seq: divid*/scal*/lower*/reduc* learning rate/lr by/with =s/=scale/scale ~6 | "
	    "seq: learning rate/lr must/should/has divid*/scal* =s/=scale/scale ~8 | "
	    "seq: it/scaler/gradscaler halv*/lower*/reduc*/cut* the optimizer/optimizers learning rate/lr -not/never ~6 | seq: retr*/retry/retries the step/same gradient*/grads -not/never ~6",
	"  | seq: learning rate/lr divided/scaled by 65536/=s/scale -not/never/unscal* ~8 | seq: divid*/divides the learning rate/lr by =s/the scale/65536 -not/never ~8",
	"  | seq: it/scaler/gradscaler/step halv*/lower*/reduc* the learning rate/lr -not/never ~5",
	"  why: GradScaler never touches the learning rate: it scales the loss and divides "
	    "the gradients back before the step",

	"misconception scale-grows-every-step: seq: increas*/doubl*/grow*/rais* =scale/=s every/each step/iteration -skip*/interval/growth_interval/2000/clean/consecutive/run ~6 | "
	    "seq: =scale/=s grow*/grows/doubl*/doubles/increas* after/on every/each single/successful/good step/iteration "
	    "-interval/growth_interval/2000/consecutive/run/row/streak ~10 | "
	    "seq: multipl* =scale/=s/scale/it by 2/two after every/each single/successful/good/clean step/iteration "
	    "-interval/growth_interval/2000/consecutive/run/row/streak ~12",
	"  | seq: after each/every successful/clean/good/finite/single step update/update()/scaler/it doubl*/doubles/grows/rais*/raises =scale/=s/it -interval/growth_interval/2000/consecutive/run/row/streak/not/never ~10",
	"  why: the scale grows only after growth_interval (2000 by default) steps in a row "
	    "without an inf or NaN, not at every step",

	"misconception shift-gives-nan: seq: subtract*/shift* max underflow* nan ~10 | "
	    "seq: very/large negative logit* underflow* nan ~8",
	"  | span: seq: after/shift*/subtract* all/every the exponentials/exps/terms underflow*/zero 0/zero -not/never/largest/max/biggest ~14",
	"  why: after the shift, very negative exponents underflow to 0, which is harmless: "
	    "the largest term is exp(0) = 1, so the sum is at least 1",

	"misconception unscale-before-backward: seq: unscal* before backward ~5 | "
	    "seq: backward after unscal* ~5",
	"  why: unscale_ divides the gradients backward produced, so it comes after backward "
	    "and before clipping and the step",

	"misconception loss-scaled-late: span: seq: scaler.scale/scale call* after loss backward ~8 | "
	    "seq: scal*/multipl*/appli* the =loss inside/within/during "
	    "scaler.step/step -not ~6 | "
	    "seq: scal*/multipl* =loss after backward ~6 | "
	    "seq: backward normally/first then/and multipl*/scal* gradient*/grads ~10 | "
	    "seq: multipl*/scal* the resulting gradient*/grads by ~4 | "
	    "seq: multipl*/scal* gradients/grads by =s after backward ~8",
	"  | seq: multipl*/scal* the gradient*/grads by big/large/a factor after backward ~12",
	"  why: the loss is multiplied by S before backward, so the gradients come out "
	    "scaled; scaling after backward is too late to keep them from flushing",

	"misconception softmax-divide-max: seq: divid*/divide by max/maximum/largest logit* | "
	    "seq: divid* logits by max/maximum/largest | "
	    "seq: scal*/normaliz* logits by max/maximum/largest -subtract*/subtracting/shift*/minus | "
	    "seq: divid*/rescal* the logits by a large/big/huge constant/number/factor -not/never/temperature* ~8 | "
	    "seq: softmax invariant/unchanged to/under/by rescal*/scaling/multipl*/divid* -not/never/shift*/subtract*/add* ~8",
	"  why: softmax is unchanged by subtracting a constant, not by dividing: dividing the "
	    "logits by their max changes the probabilities",

	"misconception clip-logits-fix: seq: clip*/clamp* logits -not/hide*/hides/wrong/would/just ~4 | "
	    "seq: clip*/clamp* logits to/at/into -would/destroy*/ruin*/wreck*/wrong/break*/distort* ~5",
	"  why: clamping the logits changes the probabilities and the gradients; the stable "
	    "formula gives the exact softmax with no clamping",

	"misconception cast-after: seq: cast*/convert*/upcast* loss float32/fp32 end/finally ~8 | "
	    "seq: loss is loss float ~6 | "
	    "seq: cast*/convert*/upcast* output/result/product/probabilit*/loss fp32/float32 after/afterwards ~8 | "
	    "seq: cast*/convert* to fp32/float32 afterwards/after -before/first ~6 | "
	    "seq: cast*/convert*/upcast* the loss to fp32/float32 -logit*/input*/operand*/activation*/product/op/ops/multipl*/matmul/not/never/already ~5",
	"  | seq: .float()/float() on the product/result/output right/just/straight after the multiply/matmul/multiplication/product ~10",
	"  | seq: cast*/convert*/upcast* the result/product/output with/using ~4 | seq: float() get*/gives/recover* 1e8 back -not/never/cannot/can't ~8",
	"  why: once a value is inf, casting it to fp32 gives inf: the cast has to come before "
	    "the operation that overflows",

	"misconception lr-fix: seq: lower*/reduc*/decreas*/smaller/drop* learning rate/lr -not ~5 | "
	    "seq: learning rate/lr too high/large/big ~5 | "
	    "seq: fix*/solution/remedy/cure is/to rais*/increas*/bump*/boost* the learning rate/lr -not/never/warmup ~6 | "
	    "span: seq: rais*/increas*/bump*/boost* the learning rate/lr until/so the updates/update big/large/register* -not/never ~12",
	"  why: the learning rate scales the update after the gradients exist; an inf made in "
	    "the forward pass or a NaN in softmax is there whatever the learning rate",

	"misconception softmax-temperature: seq: temperature scal*/fix*/divid*/solv*/help* -problem/same/bite*/hit*/inflat*/magnif*/contrastive ~8 | "
	    "seq: divid* logits by temperature/t -problem/same/bite*/hit*/inflat*/magnif*/contrastive ~8",
	"  why: a temperature changes the distribution; subtracting the max keeps it and "
	    "removes the overflow",

	"misconception precision-fixes-overflow: seq: more/extra/higher mantissa/precision/significant fix*/solv*/avoid*/prevent* overflow*/inf ~8",
	"  | not: seq: enough digits/precision/mantissa to write/represent/store/hold ~8",
	"  why: overflow is a question of range, the exponent's width; more mantissa bits "
	    "would not hold a larger number",

	"misconception scale-weights: seq: scaler/gradscaler/@scaling multipl*/scal* weights/parameters/params -gradient*/grads/update* ~7 | "
	    "seq: =it also multipl*/scales/scale weights/parameters/params -gradient*/grads/update* ~5 | "
	    "seq: multipl*/scal* the weights/parameters/params by =s/=scale/factor -gradient*/grads ~7 | "
	    "seq: scaler.scale/scale multipl* the model weights/parameters/params by -not/never/gradient*/grads ~8",
	"  why: the scale multiplies the loss (and so the gradients), never the weights",

	"misconception scale-up-on-zero: span: seq: rais*/increas*/doubl*/grow* =scale/=s when/whenever/if/after zero/zeros/underflow* ~8 | "
	    "seq: detect*/notic*/sees underflow* rais*/increas*/doubl* ~8 | "
	    "seq: detect*/notic*/sees/see*/check*/spot* zero/zeros/underflow*/vanish* rais*/increas*/doubl*/grow*/bump* ~10 | "
	    "seq: rais*/increas*/doubl*/grow* until nonzero/non-zero ~8 | "
	    "span: seq: when/whenever/if sees/see*/detect*/notic*/find*/gets zero/zeros rais*/increas*/doubl*/grow*/bump* -not/never/cannot ~14",
	"  why: GradScaler cannot see an underflow (a zero is a valid gradient): it grows the "
	    "scale on a schedule, after growth_interval clean steps",

	"misconception clip-while-scaled: seq: clips/clip the scaled gradients/grads first -not/never/don't/dont ~6 | seq: clip*/clipping while/when still scaled -not/never/don't/dont/wrong/until/unscal* ~12 | "
	    "seq: clip*/clipping the/gradients/grads before scaler.unscale_/unscale_ so -don't/dont/wrong/only ~8",
	"  | seq: clip*/clip_grad_norm_ on/to the scaled/magnified/inflated gradients/grads -not/never/don't/dont/wrong/would/mistake/bug/otherwise/else/already/if ~8",
	"  | seq: so the clip/clipping sees/see the scaled gradients/grads -not/never/don't/dont/wrong ~8",
	"  why: clip_grad_norm_ on scaled gradients compares S times the true norm with "
	    "max_norm, so it clips by the wrong amount: unscale_ first",

	"misconception fp16-saturates: seq: fp16/half/float16/it just/simply/will clamps/clamp*/saturat*/caps/pins it/them/values/gradient* "
	    "at/to 65504/max/maximum/largest -not/never/inf/infinity/doesn't/doesnt/instead ~8 | "
	    "seq: saturat*/clamp*/cap* at/to 65504 instead of/rather inf/overflow* -not/never ~8 | "
	    "seq: anything/values/everything above/over 65504 gets/get/is/are clamped/saturat*/capped/pinned -not/never/doesn't/isn't/won't ~8",
	"  | seq: product/value/result gets/is clamped/clipped/saturated to 65504 -not/never/instead ~6",
	"  why: IEEE rounding sends a value past 65504 (and the halfway point above it) to inf; "
	    "fp16 arithmetic does not saturate",

	"misconception rounds-up-to-subnormal: seq: 1e-8/=it/gradient rounded/rounds/round up to that/it/2^-24/5.96e-8/6e-8 -not/never ~6 | "
	    "seq: 1e-8/=it/gradient rounded/rounds/round up to the smallest subnormal -not/never ~9",
	"  why: 1e-8 is below half of 2^-24, so round-to-nearest sends it to 0, not up to the "
	    "smallest subnormal",

	"misconception skip-costs-nothing: not: seq: skip*/skipped steps/step/iterations cost*/take*/waste*/use* time/compute/anything/wall-clock/training/progress "
	    "-still/full/both ~8 | "
	    "seq: scaler/gradscaler detect*/check*/catch*/spot* the/an overflow*/inf before the forward/backward run*/pass* -not/never ~10 | "
	    "seq: skipped/skip* steps/step are/is free -not/never ~5",
	"  why: a skipped step runs the whole forward and backward; only the optimizer step "
	    "is left out, so its time is spent and nothing is learned",

	"misconception scale-slow: seq: scal*/scaling every gradient costs/cost as much -not/never ~8 | "
	    "seq: @scaling roughly/about halves/halve throughput/speed -not/never ~6 | "
	    "seq: costs/cost as much as a second backward -not/never ~8",
	"  why: scaling multiplies one loss and divides the gradients once, a pass over the "
	    "parameters: it costs a small fraction of a step",

	"misconception overflow-nan: seq: overflow*/overflows to nan -not/never/inf/infinity ~4 | "
	    "seq: 10000/1e4/product/multiplication/matmul produces/gives/yields/returns/becomes/is nan "
	    "-not/never/inf/infinity/divid*/division/sum ~8",
	"  why: an overflow rounds to inf, not NaN; a NaN comes later, from inf - inf, inf/inf "
	    "or 0 * inf",

	"misconception clip-fixes-forward: gradient/grad clipping fix*/solv*/prevent*/avoid* forward ~8 | "
	    "seq: clip* gradient*/grads fix*/solv*/prevent* forward overflow* ~8",
	"  why: clipping bounds gradients after backward; an inf made in the forward pass is "
	    "already there",

	"misconception skip-free: seq: skipped/skip* steps cost nothing/free ~5 | seq: skipped steps free | "
	    "seq: skip* not cost*/waste* time/compute ~6 | "
	    "seq: iterations/steps nearly/almost/essentially/practically free/cheap/costless ~5 | "
	    "seq: skip* abort*/cancel*/stop*/skips the backward ~6",
	"  why: a skipped step costs a whole forward and backward pass and applies no update: "
	    "it is time spent for nothing",

	"misconception lag-harmless: seq: lag*/behind catch* up ~6 | seq: lag* harmless/expected/normal/cosmetic ~5",
	"  why: a loss curve that lags fp32 at the same step count, with many skipped steps, "
	    "is the sign that the run makes less progress; it needs a cause, not patience",

#include "grade/shared_softmax.def"
#include "grade/shared_runtime.def"
#include "grade/shared_claims.def"
	NULL
};
